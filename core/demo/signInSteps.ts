/**
 * The sign-in's other steps in demo mode, loaded on first use (core/demo/backend.ts): the MFA flows
 * (core/demo/mfaFlows.ts), passwordless sign-in and the phone-number flows (core/demo/passwordless.ts).
 * The sign-in page's first demo chunk carries none of them: a password sign-in loads only the MFA
 * gate, when it asks (core/demo/mfaFlows.ts `gate`).
 */
import type { DemoRoutes } from './dispatch';
import { demoMfaRoutes } from './mfaFlows';
import { createDemoPasswordless } from './passwordless';
import type { DemoTokens } from './sessions';

type SignInStepTools = Pick<DemoTokens, 'startSession' | 'signedIn'> & {
  now: () => number;
  random: () => string;
};

/** The routes of MFA, passkey sign-in, passwordless sign-in and the phone number, by descriptor name. */
export function demoSignInStepRoutes(tools: SignInStepTools): DemoRoutes {
  const passwordless = createDemoPasswordless(tools);
  return {
    ...demoMfaRoutes(tools),
    ...passwordless.routes,
    ...tools.signedIn(passwordless.phoneRoutes),
  };
}
