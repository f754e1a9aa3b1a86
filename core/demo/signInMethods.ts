/**
 * Demo mode's sign-in methods (issue 15): the rules of core/domain/sign-in-methods.ts (the
 * server's own) over the demo's stored data. The application's methods are every local method,
 * the demo settings' `authStrategy` first, passkeys as the demo's public policy has them; an
 * account's own choice is kept per account. Demo mode stores and answers them; the server also
 * enforces them at sign-in. The demo has no vendor administrator (the application-wide save and
 * the captcha policy are refused as the server refuses everyone else; its captcha policy is off),
 * and its accounts have no SSO connection of their own (SSO only is refused).
 */
import { type Answer, fail, ok } from '../contract/answer';
import {
  accountSignInMethods,
  resetAccountSignInMethods,
  saveAccountSignInMethods,
  saveVendorSignInMethods,
  strategiesAnswer,
  vendorSignInMethods,
  type SignInMethodPorts,
  type StrategiesBody,
} from '../domain/sign-in-methods';
import { DEMO_POLICY, type DemoDatabase, type DemoUser } from './data';
import type { DemoRoutes } from './dispatch';

type Handler = (
  db: DemoDatabase,
  request: { body: Record<string, unknown>; token: string | null },
) => Promise<Answer>;

/** The port of core/domain/sign-in-methods.ts over the demo's data. */
export function demoSignInMethodPorts(db: DemoDatabase): SignInMethodPorts {
  return {
    vendor: async () => ({
      authStrategy: db.settings?.authStrategy ?? DEMO_POLICY.authStrategy ?? null,
      main: null,
      passkeys: !!DEMO_POLICY.secondaryStrategies?.some((s) => s.strategy === 'Passkeys' && s.isActive),
    }),
    // Never reached: the demo has no vendor administrator.
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

/** The routes, for core/demo/backend.ts's table (the access check, from each descriptor, ran before). */
export function demoSignInMethodRoutes(deps: {
  userOf: (db: DemoDatabase, token: string | null) => DemoUser | null;
}): DemoRoutes<Handler> {
  const signedIn =
    (handler: (ports: SignInMethodPorts, user: DemoUser, body: StrategiesBody) => Promise<Answer>): Handler =>
    async (db, request) => {
      const user = deps.userOf(db, request.token);
      // A refusal is thrown (core/domain) and answered by the backend, without saving.
      return user
        ? handler(demoSignInMethodPorts(db), user, request.body as unknown as StrategiesBody)
        : fail('UNAUTHORIZED');
    };
  return {
    getConfigurationsAuthStrategiesPublic: async (db) =>
      ok(strategiesAnswer(await vendorSignInMethods(demoSignInMethodPorts(db)))),
    getConfigurationsAuthStrategies: signedIn(async (ports, user) =>
      ok(strategiesAnswer(await accountSignInMethods(ports, user.tenantId))),
    ),
    putConfigurationsAuthStrategies: signedIn(async (ports, user, body) =>
      ok(strategiesAnswer(await saveAccountSignInMethods(ports, user.tenantId, body)), true),
    ),
    putConfigurationsAuthStrategiesVendor: signedIn(async (ports, _user, body) =>
      ok(strategiesAnswer(await saveVendorSignInMethods(ports, false, body)), true),
    ),
    getConfigurationsCaptchaPolicy: signedIn(async () => fail('CAPTCHA_VENDOR_ONLY')),
    putConfigurationsCaptchaPolicy: signedIn(async () => fail('CAPTCHA_VENDOR_ONLY')),
    deleteConfigurationsAuthStrategies: signedIn(async (ports, user) =>
      ok(strategiesAnswer(await resetAccountSignInMethods(ports, user.tenantId)), true),
    ),
  };
}
