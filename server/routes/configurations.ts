/**
 * Public configuration routes: the public policy and the vendor's public info. No authentication.
 * The client SDK's reads of the sign-in configuration:
 * - GET /identity/resources/configurations/v1/auth/strategies/public: `{ mainAuthStrategies, secondaryAuthStrategies }`
 *   (the application's sign-in methods, core/domain/sign-in-methods.ts)
 * - GET /identity/resources/configurations/v1/password: the password policy (`TestConfig`)
 * - GET /identity/resources/configurations/v1/captcha-policy/public: `{ id, siteKey, enabled, createdAt,
 *   updatedAt }`, `{ enabled: false }` before any captcha policy is saved (domain/captcha.ts)
 * The signed-in read of the caller's account's methods, and writing them: core/domain/sign-in-method-handlers.ts.
 * - GET /team/resources/sso/v2/configurations/public: `{ isActive: true }` (tenant SSO is built)
 */
import type { FastifyInstance } from 'fastify';
import { aliasOfHeader, LOGIN_ALIAS_HEADER, loginAliasesOver } from '../../core/domain/login-alias';
import type { AppContext } from '../context';
import { publicCaptchaPolicy } from '../domain/captcha';
import { getVendorSettings } from '../domain/vendor';
import { firstVendorName } from '../storage/vendor';
import { SIGN_IN_SETTINGS_HANDLERS } from '../../core/domain/sign-in-settings-handlers';
import { signInMethodRepository } from '../storage/sign-in-methods';
import { registerPublicHandlers } from '../http/handlers';
import { sqlTables } from '../storage/tables';
import { requireUser } from '../http/bearer';

/** Registers the configuration routes on `app` (already scoped to the URL prefix). */
export async function configurationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The login box's public settings and sign-in methods (with a login alias, its account's): the
  // shared handlers (core/domain/sign-in-settings-handlers.ts).
  registerPublicHandlers(app, SIGN_IN_SETTINGS_HANDLERS, (request) => ({
    settings: () => getVendorSettings(ctx.db),
    vendorName: () => firstVendorName(ctx.db),
    methods: signInMethodRepository(ctx.db),
    loginAlias: {
      port: loginAliasesOver(sqlTables(ctx.db)),
      alias: aliasOfHeader(request.headers[LOGIN_ALIAS_HEADER]),
    },
    captchaPolicy: () => publicCaptchaPolicy(ctx.db),
    appUrl: () => ctx.options.appUrl,
    bearerAccount: async () =>
      request.headers.authorization ? ((await requireUser(ctx.tokens, request)).tenantId ?? null) : null,
  }));
}
