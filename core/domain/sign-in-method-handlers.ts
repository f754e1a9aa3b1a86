/**
 * The sign-in methods and the captcha policy, as an administrator reads and saves them (issue
 * 15), written once for the server and demo mode (core/domain/handlers.ts). The rules are
 * core/domain/sign-in-methods.ts; the application-wide save and the captcha policy are a vendor
 * administrator's (`users.super_user`; demo mode has none, so they are refused there as the
 * server refuses everyone else). The client SDK only reads the methods
 * (server/routes/configurations.ts); these writes are ours, beside its read paths:
 * - PUT /identity/resources/configurations/v1/auth/strategies: the caller's active account's own
 *   methods, within the application's (fe.secure.write.securityPolicy). Body and answer: the
 *   client's IAuthStrategiesConfig `{ mainAuthStrategies: [{ strategy }], secondaryAuthStrategies:
 *   [{ strategy, isActive }] }`, the first main strategy the login box's first choice.
 * - DELETE /identity/resources/configurations/v1/auth/strategies: the account follows the
 *   application's methods again (same permission).
 * - PUT /identity/resources/configurations/v1/auth/strategies/vendor: the application's methods
 *   (a vendor administrator).
 * - GET and PUT /identity/resources/configurations/v1/captcha-policy: the captcha policy `{ enabled,
 *   siteKey, secretKey?, minScore?, ignoredEmails? }` (a vendor administrator; the secret is never
 *   answered: `hasSecretKey`).
 * Request schemas: core/contract/requests-signin.ts.
 */
import { contractError } from '../contract/errors';
import { answer, type AreaHandlers } from './handlers';
import type { PortsFor } from './platform';
import { signInMethodStore } from './sign-in-method-storage';
import { USERS } from './user-tables';
import {
  accountSignInMethods,
  resetAccountSignInMethods,
  saveAccountSignInMethods,
  saveVendorSignInMethods,
  strategiesAnswer,
  type SignInMethodStore,
  type StrategiesBody,
} from './sign-in-methods';

interface SignInMethodHandlerPorts extends SignInMethodStore {
  isVendorAdministrator(userId: string): Promise<boolean>;
  /** The captcha policy (its secret never answered), and its save. */
  captchaPolicy(): Promise<unknown>;
  saveCaptchaPolicy(body: Record<string, unknown>): Promise<unknown>;
}

/** The captcha policy's calls: a vendor administrator's only. */
const vendorOnly = async (p: SignInMethodHandlerPorts, userId: string) => {
  if (!(await p.isVendorAdministrator(userId))) throw contractError('CAPTCHA_VENDOR_ONLY');
};

export const SIGN_IN_METHOD_HANDLERS: AreaHandlers<SignInMethodHandlerPorts> = {
  // The client SDK's signed-in read: the caller's active account's methods (its own within the application's).
  getConfigurationsAuthStrategies: async (p, { tenantId }) =>
    answer(strategiesAnswer(await accountSignInMethods(p, tenantId))),
  putConfigurationsAuthStrategies: async (p, { tenantId, body }) =>
    answer(strategiesAnswer(await saveAccountSignInMethods(p, tenantId, body as unknown as StrategiesBody))),
  // The account follows the application's methods again.
  deleteConfigurationsAuthStrategies: async (p, { tenantId }) =>
    answer(strategiesAnswer(await resetAccountSignInMethods(p, tenantId))),
  putConfigurationsAuthStrategiesVendor: async (p, { userId, body }) =>
    answer(
      strategiesAnswer(
        await saveVendorSignInMethods(
          p,
          await p.isVendorAdministrator(userId),
          body as unknown as StrategiesBody,
        ),
      ),
    ),
  getConfigurationsCaptchaPolicy: async (p, { userId }) => {
    await vendorOnly(p, userId);
    return answer(await p.captchaPolicy());
  },
  putConfigurationsCaptchaPolicy: async (p, { userId, body }) => {
    await vendorOnly(p, userId);
    return answer(await p.saveCaptchaPolicy(body));
  },
};

/** The sign-in methods' admin ports: an account's choice over the tables, the application's the platform's. */
export const signInMethodAreaPorts: PortsFor<SignInMethodHandlerPorts> = ({
  tables,
  clock,
  signInMethods,
}) => ({
  ...signInMethodStore(tables, clock, signInMethods),
  isVendorAdministrator: async (userId) => (await tables.of(USERS).row({ id: userId }))?.superUser === true,
  captchaPolicy: () => signInMethods.captchaPolicy(),
  saveCaptchaPolicy: (body) => signInMethods.saveCaptchaPolicy(body),
});
