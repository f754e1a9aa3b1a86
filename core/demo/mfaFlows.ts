/**
 * Demo mode's MFA, answering as the reference server does: the handlers written once
 * (core/domain/mfa-sign-in-handlers.ts for the sign-in's second step and passkey sign-in,
 * core/domain/mfa-handlers.ts for a signed-in person's factors and passkeys) over the ports both
 * backends assemble (core/domain/mfa-assembly.ts) over the demo's tables, with the gate's read of
 * mfaRepository.ts, real TOTP (otplib in the page), SMS and email codes in the demo outbox,
 * WebAuthn second factors and passkeys with WebCrypto on the page's own host, the demo's session.
 * Secrets are sample data in the visitor's own browser. Loaded on first use (core/demo/backend.ts).
 */
import { mfaPortsOver } from '../domain/mfa-assembly';
import { MFA_SIGN_IN_HANDLERS } from '../domain/mfa-sign-in-handlers';
import type { MfaHandlerPorts } from '../domain/mfa-steps';
import { demoUserOf, updateUser, userById, type DemoDatabase } from './data';
import { demoMfaCode } from './delivery';
import { demoMfaBackend, demoMfaPlatform } from './mfaRepository';
import { demoOutbox } from './passwordlessPorts';
import type { DemoClock } from './rows';
import type { DemoTokens } from './sessions';
import { demoPublicHandlers } from './shared';

type DemoMfaTools = Pick<DemoTokens, 'startSession'> & DemoClock;

function demoMfaPorts(t: DemoMfaTools, db: DemoDatabase): MfaHandlerPorts {
  const user = (id: string) => userById(db, id) ?? null;
  const { tables, clock, extras } = demoMfaBackend(db, t);
  const { webauthn, addDevice: _store, ...mfa } = demoMfaPlatform(db, t);
  return mfaPortsOver(tables, clock, {
    ...extras,
    ...mfa,
    webauthn: webauthn({}),
    user: async (id) => user(id),
    // The sign-in's steps: nobody is signed in yet.
    impersonating: false,
    checkOrigin: () => {},
    async deliver(to, target, code) {
      const message = demoMfaCode(db, to.id, target.kind, code);
      const address = target.kind === 'sms' ? target.phone : target.email;
      demoOutbox(db, t.now, { channel: target.kind, to: address, ...message });
    },
    // The browser's remember-device token is kept where the server keeps its cookie: with the browser.
    // As the server's: the session opens in the account the mfaToken keeps (a login alias's).
    async startSession(person, tenantId, remember) {
      if (remember) db.rememberedBrowser = remember.token;
      if (tenantId) updateUser(db, person.id, { activeTenantId: tenantId });
      return { ...t.startSession(db, demoUserOf(db, person.id)!) };
    },
    // As the server: passkeys as the application's sign-in methods and the user's account allow them.
    accountOf: async (person) => demoUserOf(db, person.id)?.tenantId ?? null,
  });
}

/**
 * MFA's routes: the sign-in's second step and passkey sign-in (a signed-in person's factors and
 * passkeys are an area of the back office, core/domain/mfa-assembly.ts `mfaAreaPorts`).
 */
export function demoMfaRoutes(tools: DemoMfaTools) {
  return demoPublicHandlers(MFA_SIGN_IN_HANDLERS, (db) => demoMfaPorts(tools, db));
}
