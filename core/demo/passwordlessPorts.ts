/**
 * The ports of core/domain/passwordless.ts over demo mode's stored data: its users, its one-time
 * secrets (the domain's repository over its tables, kept plain: the demo has nothing to protect
 * them from), its attempt counters (per email: the demo knows no IP address) and its outbox
 * (localStorage and the console, as the demo's emails). The password flows' links (core/demo/accountFlows.ts) are these secrets
 * too, and every flow counts with these counters. The passwordless handlers and their ports are
 * core/demo/passwordless.ts, loaded on first use.
 */
import type { OneTimeTokens } from '../domain/one-time-tokens';
import { signInLimits, storedAttemptCounters, type AttemptCounters } from '../domain/attempts';
import type { DemoDatabase } from './data';
import type { UserRow } from '../domain/user-tables';
import { isoNow, type DemoClock } from './rows';
import { memoryTables } from './tables';

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

/**
 * The attempt counters of the shared rules (core/domain/attempts.ts) in the demo's tables: the
 * server's `attempt_counters` rows, under the server's keys.
 */
export const demoAttemptCounters = (db: DemoDatabase, now: () => number): AttemptCounters =>
  storedAttemptCounters(memoryTables((db.tables ??= {})), { now });

/** The sign-in limits of one request (the demo knows no address: only the email counts). */
export const demoLimits = (db: DemoDatabase, now: () => number) =>
  signInLimits(demoAttemptCounters(db, now), undefined);

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

/**
 * The one-time secrets (core/domain/one-time-tokens.ts) over the demo's tables, kept plain (sample
 * data in the visitor's browser: the stored key is the secret itself, where the server keeps a hash).
 * Loaded on first use: the demo's first chunk has a byte budget, and a password sign-in needs none.
 */
export function demoSecrets(db: DemoDatabase, clock: DemoClock): OneTimeTokens {
  const stored = async () => {
    const [{ oneTimeTokens }, { memoryTables }] = await Promise.all([
      import('../domain/one-time-tokens'),
      import('./tables'),
    ]);
    const tables = memoryTables((db.tables ??= {}));
    return oneTimeTokens({
      tables,
      now: clock.now,
      newId: clock.random,
      keyOf: (_purpose, secret) => secret,
    });
  };
  return {
    issue: async (input) => (await stored()).issue(input),
    findLiveLink: async (...link) => (await stored()).findLiveLink(...link),
    consumeLink: async (...link) => (await stored()).consumeLink(...link),
    checkCode: async (...code) => (await stored()).checkCode(...code),
    newLinkToken: async () => (await stored()).newLinkToken(),
  };
}

/**
 * A demo user as the shared rules read them (password sign-in, passwordless, the password flows,
 * activation), with the stored user beside.
 */
export const rulesUser = (stored: UserRow | undefined) =>
  stored
    ? {
        id: stored.id,
        email: stored.email,
        phone: stored.phone,
        verified: stored.verified,
        locked: !!stored.lockedAt,
        hasPassword: !!stored.passwordHash,
        activeTenantId: stored.activeTenantId,
        stored,
      }
    : null;
export type DemoRulesUser = NonNullable<ReturnType<typeof rulesUser>>;
