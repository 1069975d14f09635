import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { outboxMailer } from '../../../api/mail/outbox.ts';
import { tempDir } from '../../helpers.ts';

const outbox = suite('outbox mailer');

outbox('writes one .eml per message and logs its links with their tokens redacted (issue 13.11)', async () => {
  const dir = path.join(tempDir(), 'outbox');
  const lines: string[] = [];
  const mailer = outboxMailer({ dir, from: 'Almanac <no-reply@almanac.invalid>', log: (l) => lines.push(l) });
  await mailer.send({ to: 'ada@example.com', subject: 'Verify', text: 'open https://almanac.test/api/auth/verify-email?token=abc now' });
  const files = readdirSync(dir);
  assert.is(files.length, 1);
  const eml = readFileSync(path.join(dir, files[0]!), 'utf8');
  assert.match(eml, /^From: Almanac <no-reply@almanac.invalid>\r\nTo: ada@example.com\r\nSubject: Verify\r\nDate: /);
  assert.ok(eml.endsWith('\r\n\r\nopen https://almanac.test/api/auth/verify-email?token=abc now\r\n'), 'the body, ending with a line break');
  assert.is(lines.length, 1);
  assert.match(lines[0]!, 'https://almanac.test/api/auth/verify-email?token=[redacted]');
  assert.not.match(lines[0]!, 'token=abc', 'the token is in the file only');
  assert.match(lines[0]!, files[0]!);
});

outbox('a recipient cannot inject headers', async () => {
  const dir = path.join(tempDir(), 'outbox');
  const mailer = outboxMailer({ dir, from: 'a@b.c', log: () => undefined });
  await mailer.send({ to: 'x@example.com\r\nBcc: victim@example.com', subject: 's\nX-Evil: 1', text: 'hi' });
  const eml = readFileSync(path.join(dir, readdirSync(dir)[0]!), 'utf8');
  assert.not.match(eml, /^Bcc:/m);
  assert.not.match(eml, /^X-Evil:/m);
});

outbox.run();
