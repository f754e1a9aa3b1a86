import type { AuthResponse } from '../api/types';
import { type Answer, fail, failWith, ok } from '../contract/answer';
import { tooManyError } from '../contract/errors';
import { maskPhone, normalizePhone } from '../contract/phone';
import type { DemoDatabase, DemoOneTimeToken, DemoUser } from './data';
import { demoEmail, demoSms } from './delivery';
import type { RouteName } from '../contract/routes';
import type { DemoRoutes } from './dispatch';

/**
 * Demo mode's passwordless sign-in (email code, magic link, SMS code), reset phone number, the
 * rate limit of wrong passwords and codes, and the breached-password sample list, answering like
 * the reference server (server/domain/passwordless.ts, attempts.ts, breached-passwords.ts).
 * Codes and links go to the demo outbox (localStorage) and the console, as the demo's emails do.
 * Bodies reach these handlers checked against the contract's schemas (core/contract/requests.ts).
 * Every answer here saves the demo data: attempts and sends are counted even when refused.
 */

type Json = Record<string, unknown>;
type Handler = (
  db: DemoDatabase,
  request: { body: Json; query: Record<string, string>; params: Record<string, string> },
) => Answer;

const ATTEMPT_WINDOW_MS = 15 * 60_000;
const MAX_FAILURES_PER_EMAIL = 10;
const MAX_CODE_ATTEMPTS = 5;
const TEN_MINUTES = 10 * 60_000;

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

const MAX_SENDS_PER_EMAIL = 5;
const tooManySends = (ms: number) => tooManyError('TOO_MANY_CODES', Math.ceil(ms / 1000));

export const tooManyAttempts = (ms: number) => tooManyError('TOO_MANY_ATTEMPTS', Math.ceil(ms / 1000));

/** The `:type` of a passwordless path, lower-case as the client SDK writes it; another type is no route here. */
const TYPES = { code: 'Code', magiclink: 'MagicLink', smscode: 'SmsCode' } as const;
const byType =
  (step: (type: (typeof TYPES)[keyof typeof TYPES]) => Handler): Handler =>
  (db, request) => {
    const type = TYPES[request.params.type as keyof typeof TYPES];
    return type ? step(type)(db, request) : fail('NOT_FOUND');
  };

const saving =
  <A extends unknown[]>(answer: (...args: A) => Answer) =>
  (...args: A): Answer => ({ ...answer(...args), save: true });
const appOrigin = () => globalThis.location?.origin ?? 'https://demo.auth-elements.invalid';

interface DemoPasswordlessTools {
  startSession(db: DemoDatabase, user: DemoUser): AuthResponse;
  random(): string;
  now(): number;
}

export function createDemoPasswordless(tools: DemoPasswordlessTools) {
  /** The email of the last code pre-login (the server keeps it in an httpOnly cookie). */
  let preLoginEmail: string | undefined;
  const findByEmail = (db: DemoDatabase, email: string) =>
    db.users.find((u) => u.email.toLowerCase() === email.trim().toLowerCase());

  function send(
    db: DemoDatabase,
    channel: 'email' | 'sms',
    to: string,
    subject: string | null,
    text: string,
  ) {
    (db.outbox ??= []).unshift({
      channel,
      to,
      subject,
      text,
      createdAt: new Date(tools.now()).toISOString(),
    });
    db.outbox.length = Math.min(db.outbox.length, 50);
    console.info(`[auth-elements demo] ${channel} to ${to}: ${subject ?? ''}\n${text}`);
  }

  function issue(
    db: DemoDatabase,
    purpose: DemoOneTimeToken['purpose'],
    user: DemoUser,
    kind: 'code' | 'link',
    ttl = TEN_MINUTES,
  ): string {
    const tokens = (db.oneTimeTokens ??= []);
    for (const t of tokens) if (t.userId === user.id && t.purpose === purpose) t.used = true;
    const bytes = crypto.getRandomValues(new Uint32Array(1))[0]!;
    const token =
      kind === 'code' ? String(bytes % 1_000_000).padStart(6, '0') : `${tools.random()}${tools.random()}`;
    tokens.push({ purpose, userId: user.id, token, expiresAt: tools.now() + ttl, used: false, failures: 0 });
    return token;
  }

  const live = (
    db: DemoDatabase,
    purpose: DemoOneTimeToken['purpose'],
    match: (t: DemoOneTimeToken) => boolean,
  ) =>
    (db.oneTimeTokens ?? []).find(
      (t) => t.purpose === purpose && !t.used && t.expiresAt > tools.now() && match(t),
    );

  /** Milliseconds the email is still locked for, or 0. */
  function lockedFor(db: DemoDatabase, email: string): number {
    const entry = db.attempts?.[email.trim().toLowerCase()];
    if (
      !entry ||
      entry.startedAt + ATTEMPT_WINDOW_MS <= tools.now() ||
      entry.failures < MAX_FAILURES_PER_EMAIL
    )
      return 0;
    return entry.startedAt + ATTEMPT_WINDOW_MS - tools.now();
  }

  function recordFailure(db: DemoDatabase, email: string) {
    const key = email.trim().toLowerCase();
    const attempts = (db.attempts ??= {});
    const entry = attempts[key];
    if (!entry || entry.startedAt + ATTEMPT_WINDOW_MS <= tools.now())
      attempts[key] = { failures: 1, startedAt: tools.now() };
    else entry.failures += 1;
  }

  /** Counts a code or link sent to `email`; the milliseconds to wait when over the limit, else 0. */
  function sendRefusedFor(db: DemoDatabase, email: string): number {
    const key = `send:${email.trim().toLowerCase()}`;
    const entry = db.attempts?.[key];
    if (entry && entry.startedAt + ATTEMPT_WINDOW_MS > tools.now() && entry.failures >= MAX_SENDS_PER_EMAIL)
      return entry.startedAt + ATTEMPT_WINDOW_MS - tools.now();
    recordFailure(db, key);
    return 0;
  }

  const clearFailures = (db: DemoDatabase, email: string) => {
    if (db.attempts) delete db.attempts[email.trim().toLowerCase()];
  };

  /** Checks a code: wrong codes count, the fifth burns it. */
  function checkCode(
    db: DemoDatabase,
    purpose: DemoOneTimeToken['purpose'],
    user: DemoUser,
    code: string,
  ): 'ok' | 'wrong' | 'expired' {
    const row = [...(db.oneTimeTokens ?? [])]
      .reverse()
      .find((t) => t.purpose === purpose && t.userId === user.id && !t.used && t.expiresAt > tools.now());
    if (!row) return 'expired';
    if (row.token === code.replace(/\s+/g, '')) {
      row.used = true;
      return 'ok';
    }
    row.failures = (row.failures ?? 0) + 1;
    if (row.failures >= MAX_CODE_ATTEMPTS) row.used = true;
    return row.failures >= MAX_CODE_ATTEMPTS ? 'expired' : 'wrong';
  }

  function startPhoneReset(db: DemoDatabase, user: DemoUser): string {
    const token = issue(db, 'resetPhoneNumberSession', user, 'link');
    const code = issue(db, 'resetPhoneNumber', user, 'code');
    send(db, 'email', user.email, ...demoEmail(db, user, 'resetPhoneNumber', { code }));
    return token;
  }

  function preLogin(type: 'Code' | 'MagicLink' | 'SmsCode'): Handler {
    return (db, { body }) => {
      const email = body.email as string;
      if (body.type !== undefined && String(body.type).toLowerCase() !== type.toLowerCase())
        return fail('PASSWORDLESS_TYPE_MISMATCH');
      const refused = sendRefusedFor(db, email);
      if (refused) return failWith(tooManySends(refused));
      // The server's httpOnly pre-login cookie: a post-login of `{ token }` alone finds its email.
      if (type !== 'MagicLink') preLoginEmail = email;
      const user = findByEmail(db, email);
      if (!user) return ok({});
      if (type === 'MagicLink') {
        const link = new URL('/account/login/magic-link', appOrigin());
        link.searchParams.set('token', issue(db, 'magicLink', user, 'link', 15 * 60_000));
        send(db, 'email', user.email, ...demoEmail(db, user, 'magicLink', { link: link.toString() }));
        return ok({});
      }
      if (type === 'SmsCode' && !user.phoneNumber)
        return ok({ resetPhoneNumberToken: startPhoneReset(db, user) });
      const code = issue(db, type === 'Code' ? 'loginCode' : 'smsCode', user, 'code');
      if (type === 'Code') send(db, 'email', user.email, ...demoEmail(db, user, 'loginCode', { code }));
      else send(db, 'sms', user.phoneNumber!, null, demoSms(db, user, 'loginCode', code));
      return ok(type === 'SmsCode' ? { phoneNumber: maskPhone(user.phoneNumber!) } : {});
    };
  }

  function postLogin(type: 'Code' | 'MagicLink' | 'SmsCode'): Handler {
    return (db, { body }) => {
      if (type === 'MagicLink') {
        const row = live(db, 'magicLink', (t) => t.token === body.token);
        const user = row && db.users.find((u) => u.id === row.userId);
        if (!row || !user) return fail('MAGIC_LINK_INVALID');
        row.used = true;
        user.verified = true;
        return ok(tools.startSession(db, user));
      }
      const email = (body.email as string | undefined) ?? preLoginEmail;
      if (!email) return fail('EMAIL_REQUIRED');
      const locked = lockedFor(db, email);
      if (locked) return failWith(tooManyAttempts(locked));
      const user = findByEmail(db, email);
      const result = user
        ? checkCode(db, type === 'Code' ? 'loginCode' : 'smsCode', user, body.token as string)
        : 'expired';
      if (!user || result !== 'ok') {
        recordFailure(db, email);
        return fail(result === 'wrong' ? 'CODE_WRONG' : 'CODE_EXPIRED');
      }
      clearFailures(db, email);
      preLoginEmail = undefined;
      return ok(tools.startSession(db, user));
    };
  }

  const routes: DemoRoutes<Handler> = {
    postUsersPhoneReset: (db, { body }) => {
      const refused = sendRefusedFor(db, body.email as string);
      if (refused) return failWith(tooManySends(refused));
      const user = findByEmail(db, body.email as string);
      return ok({
        resetPhoneNumberToken: user ? startPhoneReset(db, user) : `${tools.random()}${tools.random()}`,
      });
    },
    postUsersPhoneResetVerify: (db, { body }) => {
      const request = live(db, 'resetPhoneNumberSession', (t) => t.token === body.resetPhoneNumberToken);
      const user = request && db.users.find((u) => u.id === request.userId);
      if (!request || !user) return fail('PHONE_CHANGE_EXPIRED');
      const locked = lockedFor(db, user.email);
      if (locked) return failWith(tooManyAttempts(locked));
      const result = checkCode(db, 'resetPhoneNumber', user, body.code as string);
      if (result !== 'ok') {
        recordFailure(db, user.email);
        return fail(result === 'wrong' ? 'CODE_WRONG' : 'CODE_EXPIRED');
      }
      request.used = true;
      return ok({ changePhoneNumberToken: issue(db, 'changePhoneNumber', user, 'link') });
    },
    putUsersPhoneChange: (db, { body }) => {
      const phone = normalizePhone(body.phoneNumber as string);
      if (!phone) return fail('PHONE_INVALID');
      const row = live(db, 'changePhoneNumber', (t) => t.token === body.changePhoneNumberToken);
      const user = row && db.users.find((u) => u.id === row.userId);
      if (!row || !user) return fail('PHONE_CHANGE_EXPIRED');
      row.used = true;
      user.phoneNumber = phone;
      return ok({});
    },
  };
  routes.postAuthPasswordlessByTypePrelogin = byType(preLogin);
  routes.postAuthPasswordlessByTypePostlogin = byType(postLogin);

  /** POST /users/v1/phone: texts a code to the new number; the number waits in the request. */
  function startPhoneVerification(db: DemoDatabase, user: DemoUser, body: Json): Answer {
    const phone = normalizePhone(body.phoneNumber as string);
    if (!phone) return fail('PHONE_INVALID');
    const refused = sendRefusedFor(db, user.email);
    if (refused) return failWith(tooManySends(refused));
    const changePhoneId = issue(db, 'verifyPhoneSession', user, 'link');
    db.oneTimeTokens!.at(-1)!.phone = phone;
    const code = issue(db, 'verifyPhone', user, 'code');
    send(db, 'sms', phone, null, demoSms(db, user, 'verifyPhone', code));
    return ok({ changePhoneId });
  }

  /** POST /users/v1/phone/verify: the texted code sets the number. */
  function finishPhoneVerification(db: DemoDatabase, user: DemoUser, body: Json): Answer {
    const locked = lockedFor(db, user.email);
    if (locked) return failWith(tooManyAttempts(locked));
    const request = live(
      db,
      'verifyPhoneSession',
      (t) => t.token === body.changePhoneId && t.userId === user.id,
    );
    if (!request?.phone) return fail('PHONE_CHANGE_EXPIRED');
    const result = checkCode(db, 'verifyPhone', user, body.code as string);
    if (result !== 'ok') {
      recordFailure(db, user.email);
      return fail(result === 'wrong' ? 'CODE_WRONG' : 'CODE_EXPIRED');
    }
    clearFailures(db, user.email);
    request.used = true;
    user.phoneNumber = request.phone;
    return ok({});
  }

  for (const [key, handler] of Object.entries(routes)) routes[key as RouteName] = saving(handler!);
  return {
    routes,
    lockedFor,
    recordFailure,
    clearFailures,
    startPhoneVerification: saving(startPhoneVerification),
    finishPhoneVerification: saving(finishPhoneVerification),
  };
}
