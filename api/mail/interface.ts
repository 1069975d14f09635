/**
 * Outgoing mail (verification links). Two implementations: SMTP via nodemailer (`SMTP_URL`) and
 * the embedded default, an outbox folder (`DATA_DIR/outbox`) that also logs the message's links.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
