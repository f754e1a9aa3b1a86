/**
 * Production email through SMTP with nodemailer (a maintained, dependency-free mail library that
 * handles STARTTLS, authentication, pooling and RFC 5322 encoding, none of which we want to own).
 * Configured by one URL: `SMTP_URL=smtps://user:password@smtp.example.com:465`.
 */
import nodemailer from 'nodemailer';
import type { EmailMessage, EmailSender } from './types';

const DEFAULT_MAIL_FROM = 'Auth Elements <no-reply@localhost>';

export function createSmtpSender(
  smtpUrl: string,
  from: string = DEFAULT_MAIL_FROM,
): EmailSender & { close(): void } {
  // A pooled transport keeps a few connections open instead of one TLS handshake per email.
  const transport = nodemailer.createTransport(withPool(smtpUrl));
  return {
    async sendEmail(message: EmailMessage) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.language ? { headers: { 'Content-Language': message.language } } : {}),
      });
    },
    close: () => transport.close(),
  };
}

function withPool(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}
