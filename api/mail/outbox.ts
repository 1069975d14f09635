/**
 * The embedded mailer: each message becomes an RFC 5322 text file in the outbox folder
 * (`DATA_DIR/outbox/<time>-<id>.eml`, readable by its owner only), and a line naming the file and
 * its links is logged, so a developer can follow a verification link without any mail server. The
 * links' secrets (`?token=`) are redacted in that line (issue 13.11): the token is in the file only.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { redactSecrets } from '../identity/redact.ts';
import type { Mailer, MailMessage } from './interface.ts';

export interface OutboxMailerOptions {
  dir: string;
  from: string;
  /** Receives one line per message with its links (default: stderr). */
  log?: (line: string) => void;
}

// Header values come from our own code, but an address is user input: never let it add headers.
const oneLine = (s: string): string => s.replace(/[\r\n]+/g, ' ');

export function outboxMailer(options: OutboxMailerOptions): Mailer {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      await mkdir(options.dir, { recursive: true });
      const now = new Date();
      const name = `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const eml = [
        `From: ${oneLine(options.from)}`,
        `To: ${oneLine(message.to)}`,
        `Subject: ${oneLine(message.subject)}`,
        `Date: ${now.toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        '',
        message.text.replace(/\r?\n$/, ''),
        '', // a message ends with a line break
      ].join('\r\n');
      const file = path.join(options.dir, name);
      await writeFile(file, eml, { mode: 0o600 });
      const links = (message.text.match(/https?:\/\/\S+/g) ?? []).map(redactSecrets);
      log(`mail to ${oneLine(message.to)}: "${oneLine(message.subject)}" written to ${file}${links.length ? ` — ${links.join(' ')}` : ''}`);
    },
    async close() {},
  };
}
