/**
 * Demo mode's MFA, answering as the reference server does: the handlers written once
 * (core/domain/mfa-sign-in-handlers.ts for the sign-in's second step and passkey sign-in,
 * core/domain/mfa-handlers.ts for a signed-in person's factors and passkeys) over the ports of
 * mfaState.ts: real TOTP (otplib in the page), SMS and email codes in the demo outbox, recovery
 * codes, remember-device, WebAuthn second factors and passkeys with WebCrypto.
 */
import { MFA_HANDLERS } from '../domain/mfa-handlers';
import { MFA_SIGN_IN_HANDLERS } from '../domain/mfa-sign-in-handlers';
import type { DemoDatabase, DemoUser } from './data';
import { demoMfaPorts, gate, type DemoMfaTools } from './mfaState';
import { demoHandlers, demoPublicHandlers } from './shared';

export function createDemoMfa(tools: DemoMfaTools) {
  const ports = (db: DemoDatabase) => demoMfaPorts(tools, db);
  const routes = {
    ...demoPublicHandlers(MFA_SIGN_IN_HANDLERS, ports),
    // The descriptor's access has found a bearer; its user, unless deleted since.
    ...tools.signedIn(demoHandlers(MFA_HANDLERS, ports), 'TOKEN_INVALID'),
  };
  return { gate: (db: DemoDatabase, user: DemoUser) => gate(tools, db, user), routes };
}
