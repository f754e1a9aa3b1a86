/**
 * Writing the sign-in methods and the captcha policy (issue 15). The client SDK only reads them
 * (routes/configurations.ts); these writes are ours, beside its read paths:
 * - PUT /identity/resources/configurations/v1/auth/strategies: the caller's active account's own
 *   methods, within the application's (fe.secure.write.securityPolicy). Body and answer: the
 *   client's IAuthStrategiesConfig `{ mainAuthStrategies: [{ strategy }], secondaryAuthStrategies:
 *   [{ strategy, isActive }] }`, the first main strategy the login box's first choice.
 * - DELETE /identity/resources/configurations/v1/auth/strategies: the account follows the
 *   application's methods again (same permission).
 * - PUT /identity/resources/configurations/v1/auth/strategies/vendor: the application's methods
 *   (a vendor administrator: `users.super_user`).
 * - GET and PUT /identity/resources/configurations/v1/captcha-policy: the captcha policy `{ enabled,
 *   siteKey, secretKey?, minScore?, ignoredEmails? }` (a vendor administrator; the secret is never
 *   answered: `hasSecretKey`).
 * Request schemas: core/contract/requests-signin.ts; the handlers core/domain/sign-in-method-handlers.ts
 * (demo mode runs them too).
 */
import type { FastifyInstance } from 'fastify';
import { SIGN_IN_METHOD_HANDLERS } from '../../core/domain/sign-in-method-handlers';
import type { AppContext } from '../context';
import { captchaPolicy, saveCaptchaPolicy, type CaptchaPolicyInput } from '../domain/captcha';
import { findUserById } from '../storage/users';
import { registerHandlers } from '../http/handlers';
import { signInMethodRepository } from '../storage/sign-in-methods';

export async function signInMethodRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerHandlers(app, SIGN_IN_METHOD_HANDLERS, () => ({
    ...signInMethodRepository(ctx.db),
    isVendorAdministrator: async (userId) => !!(await findUserById(ctx.db, userId))?.superUser,
    captchaPolicy: () => captchaPolicy(ctx.db),
    saveCaptchaPolicy: (body) => saveCaptchaPolicy(ctx, body as unknown as CaptchaPolicyInput),
  }));
}
