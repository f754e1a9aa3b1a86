/**
 * Demo mode's MFA, answering like the reference server (server/routes/mfa.ts): real TOTP (otplib in
 * the page), SMS and email codes in the demo outbox, recovery codes, remember-device, WebAuthn second
 * factors and passkeys. Its handlers are registered by descriptor name (core/contract/routes/mfa.ts,
 * mfa-sign-in.ts, and the MFA lines of security.ts and sign-in.ts): the sign-in's step
 * (mfaSignIn.ts), the account's devices (mfaAccount.ts), passkeys (mfaPasskeys.ts), over the data
 * of mfaState.ts. Secrets are sample data in the visitor's own browser, not security.
 */
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRoutes } from './dispatch';
import { demoMfaAccountRoutes } from './mfaAccount';
import { demoPasskeyRoutes } from './mfaPasskeys';
import { demoMfaSignInRoutes } from './mfaSignIn';
import { gate, saving, type DemoMfaTools, type Json } from './mfaState';

export function createDemoMfa(tools: DemoMfaTools): {
  gate(db: DemoDatabase, user: DemoUser): Json | null;
  routes: DemoRoutes;
} {
  return {
    gate: (db, user) => gate(tools, db, user),
    // A refusal thrown by the shared rules still saves what it counted (core/domain/mfa-challenges.ts).
    routes: Object.fromEntries(
      Object.entries({
        ...demoMfaSignInRoutes(tools),
        ...demoMfaAccountRoutes(tools),
        ...demoPasskeyRoutes(tools),
      }).map(([name, handler]) => [name, saving(handler!)]),
    ),
  };
}
