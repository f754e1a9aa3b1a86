/**
 * What the server sends to people: emails (links, codes) and SMS (codes). Routes and domain code
 * depend on these interfaces only; which implementation runs is decided once, in `createDelivery`.
 */

export interface EmailMessage {
  to: string;
  subject: string;
  /** Plain text only: no HTML built from data, so nothing a user typed can become markup. */
  text: string;
  /** The language it is written in (sent as `Content-Language`); English when absent. */
  language?: string;
}

export interface SmsMessage {
  /** E.164-ish phone number as stored on the user. */
  to: string;
  text: string;
}

export interface EmailSender {
  sendEmail(message: EmailMessage): Promise<void>;
}

export interface SmsSender {
  sendSms(message: SmsMessage): Promise<void>;
}

export interface Delivery extends EmailSender, SmsSender {}

/** How the server delivers; anything not configured goes to the development outbox. */
export interface DeliveryConfig {
  /** `smtp://user:pass@host:587` or `smtps://...`: production email through nodemailer. */
  smtpUrl?: string | undefined;
  /** The From header of emails; default `Auth Elements <no-reply@localhost>`. */
  mailFrom?: string | undefined;
  /** The SMS provider webhook: a POST of `{ to, text }` as JSON (see sms-webhook.ts). */
  smsWebhookUrl?: string | undefined;
  /** Sent as `authorization: Bearer <token>` to the SMS webhook. */
  smsWebhookToken?: string | undefined;
}
