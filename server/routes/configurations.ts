/**
 * Public configuration routes: the public policy and the vendor's public info. No authentication.
 * The client SDK's reads of the sign-in configuration:
 * - GET /identity/resources/configurations/v1/auth/strategies/public: `{ mainAuthStrategies, secondaryAuthStrategies }`
 *   (the application's sign-in methods, domain/sign-in-methods.ts)
 * - GET /identity/resources/configurations/v1/password: the password policy (`TestConfig`)
 * - GET /identity/resources/configurations/v1/captcha-policy/public: `{ id, siteKey, enabled, createdAt,
 *   updatedAt }`, `{ enabled: false }` before any captcha policy is saved (domain/captcha.ts)
 * The signed-in read of the caller's account's methods, and writing them: routes/sign-in-methods.ts.
 * - GET /team/resources/sso/v2/configurations/public: `{ isActive: true }` (tenant SSO is built)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountOfLoginAlias, aliasOfHeader, LOGIN_ALIAS_HEADER } from '../../core/domain/login-alias';
import { loginAliasRepository } from '../storage/login-alias';
import type { AppContext } from '../context';
import { publicCaptchaPolicy } from '../domain/captcha';
import { strategiesAnswer, tenantSignInMethods, vendorSignInMethods } from '../domain/sign-in-methods';
import { getVendorSettings, publicPolicy } from '../domain/vendor';

/** Registers the configuration routes on `app` (already scoped to the URL prefix). */
export async function configurationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // With a login alias (custom login per account, core/domain/login-alias.ts): that account's methods.
  const signInMethodsFor = async (request: FastifyRequest) => {
    const alias = aliasOfHeader(request.headers[LOGIN_ALIAS_HEADER]);
    const tenantId = await accountOfLoginAlias(loginAliasRepository(ctx.db), alias);
    return tenantId ? tenantSignInMethods(ctx.db, tenantId) : vendorSignInMethods(ctx.db);
  };
  app.get('/identity/resources/configurations/v1/public', async (request) =>
    publicPolicy(await getVendorSettings(ctx.db), await signInMethodsFor(request)),
  );

  app.get('/identity/resources/configurations/v1/auth/strategies/public', async (request) =>
    strategiesAnswer(await signInMethodsFor(request)),
  );
  // Our policy is lengths and the breach list: no passphrases, no optional character tests.
  app.get('/identity/resources/configurations/v1/password', async () => {
    const settings = await getVendorSettings(ctx.db);
    return {
      allowPassphrases: false,
      minLength: settings.passwordMinLength,
      maxLength: settings.passwordMaxLength,
      minPhraseLength: settings.passwordMinLength,
      minOptionalTestsToPass: 0,
    };
  });

  app.get('/identity/resources/configurations/v1/captcha-policy/public', async () =>
    publicCaptchaPolicy(ctx.db),
  );

  app.get('/team/resources/sso/v2/configurations/public', async () => ({ isActive: true }));

  // vendor.getVendorPublicInfo of the client SDK: { name, logo, icon, whiteLabelMode }. This server
  // keeps no logo or icon: both are '' (none).
  app.get('/vendors/public', async () => {
    const settings = await getVendorSettings(ctx.db);
    const { rows } = await ctx.db.query<{ name: string }>('SELECT name FROM vendors WHERE id = $1', [
      settings.id,
    ]);
    return { name: rows[0]?.name ?? '', logo: '', icon: '', whiteLabelMode: settings.whiteLabelMode };
  });
}
