/**
 * The ports of core/domain/passwordless.ts over demo mode's stored data: its users, its one-time
 * secrets (plain, in the page's storage: the demo has nothing to protect them from), its attempt
 * counters (per email: the demo knows no IP address) and its outbox (localStorage and the console,
 * as the demo's emails). The handlers are core/demo/passwordless.ts.
 */
import { tooManyError } from '../contract/errors';
import {
  codeVerdict,
  SIGN_IN_LIMITS,
  type PasswordlessPorts,
  type PasswordlessUser,
} from '../domain/passwordless';
import { attemptKeys, counted, emailKey, lockedForMs, sendKey, takeSlot } from '../domain/attempts';
import { DEMO_POLICY, type DemoDatabase, type DemoOneTimeToken, type DemoUser } from './data';
import { demoEmail, demoSms } from './delivery';

const key = (email: string) => email.trim().toLowerCase();

export const tooManyAttempts = (ms: number) => tooManyError('TOO_MANY_ATTEMPTS', Math.ceil(ms / 1000));

/**
 * The failed-attempt and sending counters in the demo's data, by the shared rules
 * (core/domain/attempts.ts: the server's keys and fixed windows; the demo knows no address).
 */
export function demoAttemptCounters(now: () => number) {
  const stored = (db: DemoDatabase) => (db.attempts ??= {});
  /** Milliseconds the email is still locked for, or 0. */
  const lockedFor = (db: DemoDatabase, email: string) =>
    Math.max(
      0,
      ...attemptKeys(email, undefined).map((k) => lockedForMs(db.attempts?.[k.key], k.limit, now())),
    );
  function recordFailure(db: DemoDatabase, email: string) {
    for (const { key } of attemptKeys(email, undefined)) stored(db)[key] = counted(stored(db)[key], now());
  }
  const clearFailures = (db: DemoDatabase, email: string) => {
    if (db.attempts) delete db.attempts[emailKey(email)];
  };
  /** Counts a code or link sent to `email`; TOO_MANY_CODES when over the limit. */
  function countSend(db: DemoDatabase, email: string) {
    const slot = takeSlot(stored(db)[sendKey(email)], SIGN_IN_LIMITS.sendsPerEmail, now());
    stored(db)[sendKey(email)] = slot.entry;
    if (slot.refusedForSeconds !== null) throw tooManyError('TOO_MANY_CODES', slot.refusedForSeconds);
  }
  return { lockedFor, recordFailure, clearFailures, countSend };
}
type Counters = ReturnType<typeof demoAttemptCounters>;

/** A demo user as the shared rules read it, with the stored user beside. */
export type DemoRulesUser = PasswordlessUser & { stored: DemoUser };
const rulesUser = (stored: DemoUser): DemoRulesUser => ({
  id: stored.id,
  email: stored.email,
  phone: stored.phoneNumber ?? null,
  verified: stored.verified !== false,
  stored,
});

const appOrigin = () => globalThis.location?.origin ?? 'https://demo.auth-elements.invalid';

function send(
  db: DemoDatabase,
  now: number,
  channel: 'email' | 'sms',
  to: string,
  subject: string | null,
  text: string,
) {
  (db.outbox ??= []).unshift({ channel, to, subject, text, createdAt: new Date(now).toISOString() });
  db.outbox.length = Math.min(db.outbox.length, 50);
  console.info(`[auth-elements demo] ${channel} to ${to}: ${subject ?? ''}\n${text}`);
}

function demoSecrets(
  db: DemoDatabase,
  tools: { random(): string; now(): number },
): PasswordlessPorts<DemoRulesUser>['secrets'] {
  const live = (purpose: string, token: string, userId?: string) =>
    (db.oneTimeTokens ?? []).find(
      (t) =>
        t.purpose === purpose &&
        !t.used &&
        t.expiresAt > tools.now() &&
        t.token === token &&
        (userId === undefined || t.userId === userId),
    );
  const secret = (row: DemoOneTimeToken | undefined) =>
    row ? { userId: row.userId, data: row.phone ? { phone: row.phone } : {} } : null;
  return {
    issue: async ({ purpose, userId, kind, ttlSeconds, data }) => {
      const tokens = (db.oneTimeTokens ??= []);
      for (const t of tokens) if (t.userId === userId && t.purpose === purpose) t.used = true;
      const bytes = crypto.getRandomValues(new Uint32Array(1))[0]!;
      const token =
        kind === 'code' ? String(bytes % 1_000_000).padStart(6, '0') : `${tools.random()}${tools.random()}`;
      const phone = typeof data?.phone === 'string' ? { phone: data.phone } : {};
      tokens.push({
        purpose,
        userId,
        token,
        expiresAt: tools.now() + ttlSeconds * 1000,
        used: false,
        failures: 0,
        ...phone,
      });
      return token;
    },
    findLiveLink: async (purpose, token, userId) => secret(live(purpose, token, userId)),
    consumeLink: async (purpose, token, userId) => {
      const row = live(purpose, token, userId);
      if (row) row.used = true;
      return secret(row);
    },
    checkCode: async (purpose, userId, code) => {
      const row = [...(db.oneTimeTokens ?? [])]
        .reverse()
        .find((t) => t.purpose === purpose && t.userId === userId && !t.used && t.expiresAt > tools.now());
      if (!row) return 'expired';
      const verdict = codeVerdict(row.token === code, row.failures ?? 0);
      row.failures = verdict.failures;
      if (verdict.burn) row.used = true;
      return verdict.result;
    },
    newLinkToken: () => `${tools.random()}${tools.random()}`,
  };
}

/** The ports of core/domain/passwordless.ts over the demo's data, for one request. */
export function demoPasswordlessPorts(
  db: DemoDatabase,
  tools: { random(): string; now(): number },
  counters: Counters,
): PasswordlessPorts<DemoRulesUser> {
  const byId = (id: string) => db.users.find((u) => u.id === id);
  const found = (user: DemoUser | undefined) => (user ? rulesUser(user) : null);
  return {
    users: {
      byEmail: async (email) => found(db.users.find((u) => key(u.email) === key(email))),
      byId: async (id) => found(byId(id)),
      setPhone: async (id, phone) => {
        const user = byId(id);
        if (user) user.phoneNumber = phone;
      },
      markVerified: async (id) => {
        const user = byId(id);
        if (user) user.verified = true;
      },
      unverifiedMaySignIn: async () => DEMO_POLICY.allowNotVerifiedUsersLogin,
    },
    secrets: demoSecrets(db, tools),
    limits: {
      countSend: async (email) => counters.countSend(db, email),
      assertNotLocked: async (email) => {
        const locked = email === null ? 0 : counters.lockedFor(db, email);
        if (locked) throw tooManyAttempts(locked);
      },
      recordFailure: async (email) => {
        if (email !== null) counters.recordFailure(db, email);
      },
      clearFailures: async (email) => counters.clearFailures(db, email),
    },
    deliver: async (user, sent) => {
      const now = tools.now();
      if (sent.channel === 'sms')
        send(db, now, 'sms', sent.to, null, demoSms(db, user.stored, sent.key, sent.code));
      else
        send(
          db,
          now,
          'email',
          user.email,
          ...(sent.key === 'magicLink'
            ? demoEmail(db, user.stored, 'magicLink', { link: sent.link })
            : demoEmail(db, user.stored, sent.key, { code: sent.code })),
        );
    },
    appUrl: appOrigin(),
  };
}
