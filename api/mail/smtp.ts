/** Mail over SMTP with nodemailer (`SMTP_URL`, e.g. `smtp://user:pass@mail.example.com:587`). */
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './interface.ts';

export interface SmtpMailerOptions {
  url: string;
  from: string;
}

export function smtpMailer(options: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text });
    },
    async close() {
      transport.close();
    },
  };
}
