/**
 * Helpers for the account-flow server tests (not a test file): read the development outbox and
 * pull links and codes out of messages.
 */
import type { FastifyInstance } from 'fastify';

export const OUTBOX = '/frontegg/dev/outbox';

export interface OutboxEntry {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
}

export async function outbox(app: FastifyInstance, to: string): Promise<OutboxEntry[]> {
  const res = await app.inject({ method: 'GET', url: `${OUTBOX}?to=${encodeURIComponent(to)}` });
  if (res.statusCode !== 200) throw new Error(`outbox: ${res.statusCode} ${res.body}`);
  return res.json().messages;
}

/** The first http(s) link of the latest message to `to`, parsed. */
export async function latestLink(app: FastifyInstance, to: string): Promise<URL> {
  const [latest] = await outbox(app, to);
  const match = latest?.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in the outbox for ${to}`);
  return new URL(match[0]);
}

/** The 6-digit code of the latest message to `to`. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const [latest] = await outbox(app, to);
  const match = latest?.text.match(/\b\d{6}\b/);
  if (!match) throw new Error(`no code in the outbox for ${to}`);
  return match[0];
}
