/**
 * What demo mode's platform (core/demo/platform.ts) shares with the first chunk: the breach list's
 * sample, the page's origin and the demo outbox. Where the server sends an email or a text, the
 * demo writes it to its outbox (kept with the rest of the demo data in localStorage), answers it
 * at GET /dev/outbox?to=... like a development server (server/routes/dev-outbox.ts), and prints it
 * to the browser console, so someone trying the demo can open the link.
 */
import { fail, ok } from '../contract/answer';
import type { DemoDatabase } from './data';
import type { DemoRoutes } from './dispatch';
import { isoNow } from './rows';

/**
 * A sample of the breach list the server ships (the demo cannot carry 49,000 passwords): sign in
 * to the demo with one of these to see the breached-password prompt (flag on in demo settings).
 */
const DEMO_BREACHED_PASSWORDS = [
  'password',
  'password1',
  'password123',
  '12345678',
  '123456789',
  'qwerty123',
  'baseball1',
  'iloveyou',
  'sunshine1',
  'letmein1',
];
export const isDemoBreached = (password: string) => DEMO_BREACHED_PASSWORDS.includes(password.toLowerCase());

/** The page's origin: where the demo's emailed links and public settings point. */
export const appOrigin = () => globalThis.location?.origin ?? 'https://demo.auth-elements.invalid';

/** Writes a message to the demo outbox (newest first, the last 50) and prints it to the console. */
export function demoOutbox(
  db: DemoDatabase,
  now: () => number,
  message: { channel: 'email' | 'sms'; to: string; subject: string | null; text: string },
) {
  (db.outbox ??= []).unshift({ ...message, createdAt: isoNow(now) });
  db.outbox.length = Math.min(db.outbox.length, 50);
  // The demo's delivery: visible to whoever tries the demo, in the console.
  console.info(
    `[auth-elements demo] ${message.channel} to ${message.to}: ${message.subject ?? ''}\n${message.text}`,
  );
}

/** The demo outbox's messages to one address, newest first (the server's development outbox). */
export const demoOutboxRoutes: DemoRoutes = {
  getDevOutbox: (db, { query }) => {
    if (typeof query.to !== 'string' || !query.to || query.to.length > 254)
      return fail('FIELD_REQUIRED', { field: 'To' });
    const to = query.to.toLowerCase();
    return ok({ messages: (db.outbox ?? []).filter((m) => m.to.toLowerCase() === to) });
  },
};
