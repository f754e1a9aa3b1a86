/**
 * Demo mode's sign-in methods (issue 15): the rules of core/domain/sign-in-methods.ts (the
 * server's own) over the demo's stored data. The application's methods are every local method,
 * the demo settings' `authStrategy` first, passkeys as the demo's public policy has them; an
 * account's own choice is kept per account. Demo mode stores and answers them; the server also
 * enforces them at sign-in. The demo has no vendor administrator (the application-wide save and
 * the captcha policy are refused as the server refuses everyone else; its captcha policy is off),
 * and its accounts have no SSO connection of their own (SSO only is refused).
 */
import { ok } from '../contract/answer';
import { SIGN_IN_METHOD_HANDLERS } from '../domain/sign-in-method-handlers';
import {
  accountSignInMethods,
  strategiesAnswer,
  vendorSignInMethods,
  type SignInMethodPorts,
} from '../domain/sign-in-methods';
import { DEMO_POLICY, type DemoDatabase } from './data';
import type { DemoRoutes } from './dispatch';
import type { UserHandler } from './sessions';
import { demoHandlers } from './shared';

/** The port of core/domain/sign-in-methods.ts over the demo's data. */
export function demoSignInMethodPorts(db: DemoDatabase): SignInMethodPorts {
  return {
    vendor: async () => ({
      authStrategy: db.settings?.authStrategy ?? DEMO_POLICY.authStrategy ?? null,
      main: null,
      passkeys: !!DEMO_POLICY.secondaryStrategies?.some((s) => s.strategy === 'Passkeys' && s.isActive),
    }),
    // Never reached: demo mode has no vendor administrator.
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

/** The public methods read of an account's sign-in address (core/demo/loginAlias.ts). */
export const accountStrategies = async (db: DemoDatabase, tenantId: string) =>
  strategiesAnswer(await accountSignInMethods(demoSignInMethodPorts(db), tenantId));

/** The public read here; the signed-in ones are core/domain/sign-in-method-handlers.ts's. */
export function demoSignInMethodRoutes(signedIn: (area: DemoRoutes<UserHandler>) => DemoRoutes): DemoRoutes {
  return {
    getConfigurationsAuthStrategiesPublic: async (db) =>
      ok(strategiesAnswer(await vendorSignInMethods(demoSignInMethodPorts(db)))),
    ...signedIn(
      demoHandlers(SIGN_IN_METHOD_HANDLERS, (db) => ({
        ...demoSignInMethodPorts(db),
        isVendorAdministrator: async () => false,
        // Never reached: only a vendor administrator reads or saves the captcha policy.
        captchaPolicy: async () => ({ enabled: false }),
        saveCaptchaPolicy: async () => ({ enabled: false }),
      })),
    ),
  };
}
