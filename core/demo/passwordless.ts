import type { AuthResponse } from '../api/types';
import { type Answer, fail, failWith, ok } from '../contract/answer';
import { isContractError } from '../contract/errors';
import {
  assertBodyTypeMatches,
  changePhoneWithToken,
  finishPhoneVerification,
  passwordlessPostLogin,
  passwordlessPreLogin,
  passwordlessTypeOf,
  requestPhoneReset,
  startPhoneVerification,
  verifyPhoneReset,
} from '../domain/passwordless';
import type { DemoDatabase, DemoUser } from './data';
import type { RouteName } from '../contract/routes';
import type { DemoRoutes } from './dispatch';
import { gate } from './mfaState';
import { demoAttemptCounters, demoPasswordlessPorts, rulesUser } from './passwordlessPorts';

export { tooManyAttempts } from './passwordlessPorts';

/**
 * Demo mode's passwordless sign-in (email code, magic link, SMS code), reset phone number and new
 * phone number: the rules of core/domain/passwordless.ts (the server's own) over the demo's data
 * (core/demo/passwordlessPorts.ts, which also keeps the attempt counters of password sign-in), and
 * the breached-password sample list. Bodies reach these handlers checked against the contract's
 * schemas (core/contract/requests.ts). Every answer here saves the demo data: attempts and sends
 * are counted even when refused.
 */

type Json = Record<string, unknown>;
type Handler = (
  db: DemoDatabase,
  request: { body: Json; query: Record<string, string>; params: Record<string, string> },
) => Promise<Answer>;

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

/** An answer that saves the demo data, a refusal too (it may have counted an attempt). */
const saving =
  <A extends unknown[]>(answer: (...args: A) => Answer | Promise<Answer>) =>
  async (...args: A): Promise<Answer> => {
    try {
      return { ...(await answer(...args)), save: true };
    } catch (error) {
      if (isContractError(error)) return { ...failWith(error), save: true };
      throw error;
    }
  };

interface DemoPasswordlessTools {
  startSession(db: DemoDatabase, user: DemoUser): AuthResponse;
  random(): string;
  now(): number;
}

export function createDemoPasswordless(tools: DemoPasswordlessTools) {
  /** The email of the last code pre-login (the server keeps it in an httpOnly cookie). */
  let preLoginEmail: string | undefined;
  const counters = demoAttemptCounters(tools.now);
  const ports = (db: DemoDatabase) => demoPasswordlessPorts(db, tools, counters);

  /** The `:type` of the path, lower-case as the client SDK writes it; another type is no route here. */
  const typeOf = (params: Record<string, string>) => passwordlessTypeOf(params.type ?? '');

  const routes: DemoRoutes<Handler> = {
    postAuthPasswordlessByTypePrelogin: async (db, { body, params }) => {
      const type = typeOf(params);
      if (!type) return fail('NOT_FOUND');
      assertBodyTypeMatches(type, body.type);
      const email = body.email as string;
      const answer = await passwordlessPreLogin(ports(db), type, email);
      // The server's httpOnly pre-login cookie: a post-login of `{ token }` alone finds its email.
      if (type !== 'MagicLink') preLoginEmail = email;
      return ok(answer);
    },
    postAuthPasswordlessByTypePostlogin: async (db, { body, params }) => {
      const type = typeOf(params);
      if (!type) return fail('NOT_FOUND');
      const email = type === 'MagicLink' ? null : ((body.email as string | undefined) ?? preLoginEmail);
      const input = { email, token: body.token as string | undefined };
      // A code or link is a first factor like a password: the same MFA gate (core/demo/mfaState.ts).
      const session = await passwordlessPostLogin(
        ports(db),
        type,
        input,
        async (user) => gate(tools, db, user.stored) ?? tools.startSession(db, user.stored),
      );
      if (type !== 'MagicLink') preLoginEmail = undefined;
      return ok(session);
    },
    postUsersPhoneReset: async (db, { body }) =>
      ok({ resetPhoneNumberToken: await requestPhoneReset(ports(db), body.email as string) }),
    postUsersPhoneResetVerify: async (db, { body }) =>
      ok({
        changePhoneNumberToken: await verifyPhoneReset(ports(db), {
          resetPhoneNumberToken: body.resetPhoneNumberToken as string,
          code: body.code as string,
        }),
      }),
    putUsersPhoneChange: async (db, { body }) => {
      await changePhoneWithToken(ports(db), {
        changePhoneNumberToken: body.changePhoneNumberToken as string,
        phoneNumber: body.phoneNumber as string,
      });
      return ok({});
    },
  };
  for (const [name, handler] of Object.entries(routes)) routes[name as RouteName] = saving(handler!);

  /** POST /users/v1/phone: texts a code to the new number; the number waits in the request. */
  const startVerification = async (db: DemoDatabase, user: DemoUser, body: Json) =>
    ok({
      changePhoneId: await startPhoneVerification(ports(db), rulesUser(user), body.phoneNumber as string),
    });

  /** POST /users/v1/phone/verify: the texted code sets the number. */
  async function finishVerification(db: DemoDatabase, user: DemoUser, body: Json) {
    await finishPhoneVerification(ports(db), rulesUser(user), {
      changePhoneId: body.changePhoneId as string,
      code: body.code as string,
    });
    return ok({});
  }

  return {
    routes,
    lockedFor: counters.lockedFor,
    recordFailure: counters.recordFailure,
    clearFailures: counters.clearFailures,
    countSend: counters.countSend,
    startPhoneVerification: saving(startVerification),
    finishPhoneVerification: saving(finishVerification),
  };
}
