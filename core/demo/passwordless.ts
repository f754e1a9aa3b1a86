import type { AuthResponse } from '../api/types';
import {
  PASSWORDLESS_HANDLERS,
  PHONE_HANDLERS,
  type PasswordlessHandlerPorts,
} from '../domain/passwordless-handlers';
import type { DemoDatabase, DemoUser } from './data';
import { gate } from './mfaFlows';
import { demoPasswordlessPorts, type DemoRulesUser } from './passwordlessPorts';
import type { DemoClock } from './rows';
import { demoHandlers, demoPublicHandlers } from './shared';
import { demoSignInMethodPorts } from './signInMethods';
import { assertAccountAllows, assertVendorAllows } from '../domain/sign-in-methods';

/**
 * Demo mode's passwordless sign-in (email code, magic link, SMS code), reset phone number and new
 * phone number: the server's handlers (core/domain/passwordless-handlers.ts) over the demo's data
 * (core/demo/passwordlessPorts.ts, which also keeps every flow's attempt counters), and
 * the breached-password sample list. Every answer here saves the demo data (core/demo/shared.ts):
 * attempts and sends are counted even when refused.
 */

type Json = Record<string, unknown>;

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

interface DemoPasswordlessTools extends DemoClock {
  startSession(db: DemoDatabase, user: DemoUser): AuthResponse;
}

export function createDemoPasswordless(tools: DemoPasswordlessTools) {
  /** The email of the last code pre-login (the server keeps it in an httpOnly cookie). */
  let preLoginEmail: string | undefined;
  const ports = (db: DemoDatabase, impersonating = false): PasswordlessHandlerPorts => ({
    ...demoPasswordlessPorts(db, tools),
    assertMethodAllowed: (type) => assertVendorAllows(demoSignInMethodPorts(db), type),
    verifyCaptcha: async () => {},
    checkOrigin: () => {},
    preLoginEmail: {
      keep: (email) => (preLoginEmail = email),
      read: () => preLoginEmail,
      forget: () => (preLoginEmail = undefined),
    },
    // The account's sign-in methods, then the MFA gate of a password sign-in (core/demo/mfaFlows.ts).
    signIn: async (user, type) => {
      const { stored } = user as DemoRulesUser;
      await assertAccountAllows(demoSignInMethodPorts(db), stored.tenantId, type);
      return (await gate(tools, db, stored)) ?? tools.startSession(db, stored);
    },
    impersonating,
  });
  const phone = demoHandlers(PHONE_HANDLERS, (db) => ports(db, Boolean(db.session?.impersonatorId)));
  /** A signed-in route's handler as profile.ts calls it. */
  const phoneStep =
    (name: 'postUsersPhone' | 'postUsersPhoneVerify') => (db: DemoDatabase, user: DemoUser, body: Json) =>
      phone[name]!(db, user, { method: 'POST', path: '', body, token: null, query: {}, params: {} });

  return {
    routes: demoPublicHandlers(PASSWORDLESS_HANDLERS, (db) => ports(db)),
    startPhoneVerification: phoneStep('postUsersPhone'),
    finishPhoneVerification: phoneStep('postUsersPhoneVerify'),
  };
}
