/**
 * Demo mode's passwordless sign-in (email code, magic link, SMS code) and reset phone number (a
 * signed-in user's new number is an area of the back office): the server's handlers (core/domain/passwordless-handlers.ts) over the ports both
 * backends assemble (core/domain/passwordless-ports.ts) over the demo's tables, with its users and
 * its outbox (core/demo/passwordlessPorts.ts). The sign-in's other steps (MFA and passkey sign-in)
 * are a public area loaded with the back office (core/domain/mfa-assembly.ts). Loaded on their first call
 * (core/demo/backend.ts), the sign-in page's first demo chunk has none of them. Every answer here
 * saves the demo data (core/demo/shared.ts): attempts and sends are counted even when refused.
 */
import type { PasswordlessPorts } from '../domain/passwordless';
import { passwordlessPortsOver } from '../domain/passwordless-ports';
import { PASSWORDLESS_HANDLERS, type PasswordlessHandlerPorts } from '../domain/passwordless-handlers';
import { assertVendorAllows } from '../domain/sign-in-methods';
import { DEMO_POLICY, demoUserOf, userByEmail, userById, type DemoDatabase } from './data';
import { demoEmail, demoSms } from './delivery';
import type { DemoRoutes } from './dispatch';
import { gate } from './mfaRepository';
import { appOrigin, demoOutbox, rulesUser, type DemoRulesUser } from './passwordlessPorts';
import type { DemoClock } from './rows';
import type { DemoTokens } from './sessions';
import { demoPublicHandlers } from './shared';
import { demoSignInMethodPorts } from './signInMethods';
import { memoryTables } from './tables';

/**
 * The ports of core/domain/passwordless.ts over the demo's tables, for one request: secrets kept
 * plain (sample data in the visitor's browser), limits per email (the demo knows no address).
 */
function demoPasswordlessPorts(db: DemoDatabase, clock: DemoClock): PasswordlessPorts<DemoRulesUser> {
  const tables = memoryTables((db.tables ??= {}));
  const rowClock = { now: clock.now, newId: clock.random };
  return passwordlessPortsOver(tables, rowClock, {
    users: {
      byEmail: async (email) => rulesUser(userByEmail(db, email)),
      byId: async (id) => rulesUser(userById(db, id)),
      unverifiedMaySignIn: async () => DEMO_POLICY.allowNotVerifiedUsersLogin,
    },
    keyOf: (_purpose, secret) => secret,
    ip: undefined,
    deliver: async (user, sent) => {
      if (sent.channel === 'sms') {
        const text = demoSms(db, user.stored, sent.key, sent.code);
        return demoOutbox(db, clock.now, { channel: 'sms', to: sent.to, subject: null, text });
      }
      const [subject, text] =
        sent.key === 'magicLink'
          ? demoEmail(db, user.stored, 'magicLink', { link: sent.link })
          : demoEmail(db, user.stored, sent.key, { code: sent.code });
      demoOutbox(db, clock.now, { channel: 'email', to: user.email, subject, text });
    },
    appUrl: appOrigin(),
  });
}

type SignInStepTools = Pick<DemoTokens, 'startSession'> & DemoClock;

/**
 * The sign-in's passwordless steps, by descriptor name: passwordless sign-in and the phone-number
 * reset, with the server's handlers.
 */
export function demoSignInStepRoutes(tools: SignInStepTools): DemoRoutes {
  /** The email of the last code pre-login (the server keeps it in an httpOnly cookie). */
  let preLoginEmail: string | undefined;
  const ports = (db: DemoDatabase): PasswordlessHandlerPorts => ({
    ...demoPasswordlessPorts(db, tools),
    assertMethodAllowed: (type) => assertVendorAllows(demoSignInMethodPorts(db), type),
    verifyCaptcha: async () => {},
    checkOrigin: () => {},
    preLoginEmail: {
      keep: (email) => (preLoginEmail = email),
      read: () => preLoginEmail,
      forget: () => (preLoginEmail = undefined),
    },
    // The account's sign-in methods, then the MFA gate of a first factor (core/demo/mfaRepository.ts).
    signIn: async (user, type) => {
      const stored = demoUserOf(db, user.id)!;
      return (await gate(tools, db, stored, undefined, undefined, type)) ?? tools.startSession(db, stored);
    },
  });
  return {
    ...demoPublicHandlers(PASSWORDLESS_HANDLERS, (db) => ports(db)),
  };
}
