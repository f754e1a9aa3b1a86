/**
 * Demo mode's MFA, answering as the reference server does: the handlers written once
 * (core/domain/mfa-sign-in-handlers.ts for the sign-in's second step and passkey sign-in,
 * core/domain/mfa-handlers.ts for a signed-in person's factors and passkeys) over the ports of
 * mfaState.ts: real TOTP (otplib in the page), SMS and email codes in the demo outbox, recovery
 * codes, remember-device, WebAuthn second factors and passkeys with WebCrypto.
 */
import { fail } from '../contract/answer';
import { MFA_HANDLERS } from '../domain/mfa-handlers';
import { MFA_SIGN_IN_HANDLERS } from '../domain/mfa-sign-in-handlers';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRequest, DemoRoutes } from './dispatch';
import { demoMfaPorts, gate, type DemoMfaTools } from './mfaState';
import { demoHandlers, demoPublicHandlers } from './shared';

export function createDemoMfa(tools: DemoMfaTools) {
  const mine = demoHandlers(MFA_HANDLERS, (db) => demoMfaPorts(tools, db));
  const routes: DemoRoutes = {
    ...demoPublicHandlers(MFA_SIGN_IN_HANDLERS, (db) => demoMfaPorts(tools, db)),
    // The descriptor's access has found a bearer; its user, unless deleted since.
    ...Object.fromEntries(
      Object.entries(mine).map(([name, handler]) => [
        name,
        (db: DemoDatabase, request: DemoRequest) => {
          const user = tools.userOfToken(db, request.token);
          return user ? handler!(db, user, request) : fail('TOKEN_INVALID');
        },
      ]),
    ),
  };
  return { gate: (db: DemoDatabase, user: DemoUser) => gate(tools, db, user), routes };
}
