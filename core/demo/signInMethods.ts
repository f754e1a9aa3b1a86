/**
 * Demo mode's sign-in methods (issue 15): core/domain's rules and handlers (the server's own) over
 * the demo's data. The application's methods are the local ones, the demo settings' `authStrategy`
 * first, passkeys as the public policy has them; each account's own choice is kept. The demo has
 * no vendor administrator (the application-wide save and the captcha policy are refused as the
 * server refuses everyone else) and its accounts no SSO connection (SSO only is refused).
 */
import { SIGN_IN_METHOD_HANDLERS } from '../domain/sign-in-method-handlers';
import type { SignInMethodPorts } from '../domain/sign-in-methods';
import { DEMO_POLICY, type DemoDatabase } from './data';
import type { DemoRoutes } from './dispatch';
import type { UserHandler } from './sessions';
import { demoHandlers } from './shared';

export function demoSignInMethodPorts(db: DemoDatabase): SignInMethodPorts {
  return {
    vendor: async () => ({
      authStrategy: db.settings?.authStrategy ?? DEMO_POLICY.authStrategy ?? null,
      main: null,
      passkeys: !!DEMO_POLICY.secondaryStrategies?.some((s) => s.strategy === 'Passkeys' && s.isActive),
    }),
    // Never reached (no vendor administrator), as the captcha policy's two below.
    saveVendor: async () => {},
    ofAccount: async (tenantId) => db.signInMethods?.[tenantId] ?? null,
    saveForAccount: async (tenantId, { main, passkeys }) => {
      (db.signInMethods ??= {})[tenantId] = { main, passkeys };
    },
    forgetAccount: async (tenantId) => {
      if (db.signInMethods) delete db.signInMethods[tenantId];
    },
    federatedSignInExists: async () => false,
  };
}

export function demoSignInMethodRoutes(signedIn: (area: DemoRoutes<UserHandler>) => DemoRoutes): DemoRoutes {
  return signedIn(
    demoHandlers(SIGN_IN_METHOD_HANDLERS, (db) => ({
      ...demoSignInMethodPorts(db),
      isVendorAdministrator: async () => false,
      captchaPolicy: async () => ({ enabled: false }),
      saveCaptchaPolicy: async () => ({ enabled: false }),
    })),
  );
}
