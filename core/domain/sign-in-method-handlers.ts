/**
 * The sign-in methods and the captcha policy, as an administrator reads and saves them (issue
 * 15), written once for the server and demo mode (core/domain/handlers.ts). The rules are
 * core/domain/sign-in-methods.ts; the application-wide save and the captcha policy are a vendor
 * administrator's (the server's `users.super_user`; demo mode has none, so they are refused there
 * as the server refuses everyone else).
 */
import { contractError } from '../contract/errors';
import { answer, type AreaHandlers } from './handlers';
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
