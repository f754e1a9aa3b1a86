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
 * Request schemas: core/contract/requests-signin.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { captchaPolicy, saveCaptchaPolicy, type CaptchaPolicyInput } from '../domain/captcha';
import {
  resetAccountSignInMethods,
  saveAccountSignInMethods,
  saveVendorSignInMethods,
  strategiesAnswer,
  type StrategiesBody,
} from '../../core/domain/sign-in-methods';
import { signInMethodRepository } from '../storage/sign-in-methods';
import { findUserById } from '../domain/users';
import { contractError } from '../../core/contract/errors';
import { accountOf, callerOf } from '../http/route-table';

const BASE = '/identity/resources/configurations/v1';

export async function signInMethodRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** Whether the caller is a vendor administrator (401 without a token). */
  const isVendorAdministrator = async (request: FastifyRequest) => {
    const claims = callerOf(request);
    return !!(await findUserById(ctx.db, claims.sub))?.super_user;
  };

  const methods = signInMethodRepository(ctx.db);

  app.put<{ Body: StrategiesBody }>(`${BASE}/auth/strategies`, async (request) =>
    strategiesAnswer(await saveAccountSignInMethods(methods, accountOf(request), request.body)),
  );

  app.delete(`${BASE}/auth/strategies`, async (request) =>
    strategiesAnswer(await resetAccountSignInMethods(methods, accountOf(request))),
  );

  app.put<{ Body: StrategiesBody }>(`${BASE}/auth/strategies/vendor`, async (request) =>
    strategiesAnswer(
      await saveVendorSignInMethods(methods, await isVendorAdministrator(request), request.body),
    ),
  );

  app.get(`${BASE}/captcha-policy`, async (request) => {
    if (!(await isVendorAdministrator(request))) throw contractError('CAPTCHA_VENDOR_ONLY');
    return captchaPolicy(ctx.db);
  });

  app.put<{ Body: CaptchaPolicyInput }>(`${BASE}/captcha-policy`, async (request) => {
    if (!(await isVendorAdministrator(request))) throw contractError('CAPTCHA_VENDOR_ONLY');
    return saveCaptchaPolicy(ctx, request.body);
  });
}
