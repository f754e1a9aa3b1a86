/**
 * The development outbox: emails and SMS are written to the `outbox_messages` table instead of
 * being sent, so tests, the e2e suite and a developer can read the links and codes
 * (GET /{prefix}/dev/outbox, a page of every message, or JSON with ?to=...; registered only when `devOutbox` is on: tests, and main.ts in
 * development mode, AUTH_ELEMENTS_DEV=1 or --dev).
 * The table is in the database, so every server process writes to and reads from the same outbox.
 */
import type { Database } from '../storage/database';
import type { Delivery, EmailMessage, SmsMessage } from './types';

export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  createdAt: string;
}

const OUTBOX_LIST_LIMIT = 20;

export function createOutboxDelivery(db: Database): Delivery {
  return {
    async sendEmail(message: EmailMessage) {
      await db.query(
        'INSERT INTO outbox_messages (channel, recipient, subject, body) VALUES ($1, $2, $3, $4)',
        ['email', message.to, message.subject, message.text],
      );
    },
    async sendSms(message: SmsMessage) {
      await db.query(
        'INSERT INTO outbox_messages (channel, recipient, subject, body) VALUES ($1, $2, NULL, $3)',
        ['sms', message.to, message.text],
      );
    },
  };
}

/**
 * The latest messages to `to` (an email, any case, or a phone number), or to anyone when `to` is
 * null, newest first.
 */
export async function latestOutboxMessages(
  db: Database,
  to: string | null,
  limit = OUTBOX_LIST_LIMIT,
): Promise<OutboxMessage[]> {
  const { rows } = await db.query<{
    id: string;
    channel: 'email' | 'sms';
    recipient: string;
    subject: string | null;
    body: string;
    created_at: Date;
  }>(
    to === null
      ? 'SELECT id, channel, recipient, subject, body, created_at FROM outbox_messages ORDER BY seq DESC LIMIT $1'
      : `SELECT id, channel, recipient, subject, body, created_at FROM outbox_messages
          WHERE lower(recipient) = lower($2) ORDER BY seq DESC LIMIT $1`,
    to === null ? [limit] : [limit, to.trim()],
  );
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    to: r.recipient,
    subject: r.subject,
    text: r.body,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
