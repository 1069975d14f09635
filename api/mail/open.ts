/**
 * The mailer the configuration names: SMTP when `SMTP_URL` is set (nodemailer is loaded only then),
 * otherwise the outbox folder `${dataDir}/outbox` (DESIGN.md, the embedded default).
 */
import path from 'node:path';
import type { Config } from '../../schema/config.ts';
import type { Mailer } from './interface.ts';
import { outboxMailer, type OutboxMailerOptions } from './outbox.ts';

export async function openMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, outbox: Pick<OutboxMailerOptions, 'log'> = {}): Promise<Mailer> {
  if (config.smtpUrl) return (await import('./smtp.ts')).smtpMailer({ url: config.smtpUrl, from: config.mailFrom });
  return outboxMailer({ dir: path.join(config.dataDir, 'outbox'), from: config.mailFrom, ...outbox });
}
