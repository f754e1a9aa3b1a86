/**
 * Public configuration routes: the public policy and the vendor's public info. No authentication.
 * The client SDK's reads of the sign-in configuration:
 * - GET /identity/resources/configurations/v1/auth/strategies/public: `{ mainAuthStrategies, secondaryAuthStrategies }`
 * - GET /identity/resources/configurations/v1/auth/strategies: the same for a signed-in caller
 * - GET /identity/resources/configurations/v1/password: the password policy (`TestConfig`)
 * - GET /identity/resources/configurations/v1/captcha-policy/public: `{ enabled: false }` (no captcha yet)
 * - GET /team/resources/sso/v2/configurations/public: `{ isActive: true }` (tenant SSO is built)
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { getVendorSettings, publicPolicy } from '../domain/vendor';
import { requireUser } from '../http/bearer';

/** Registers the configuration routes on `app` (already scoped to the URL prefix). */
export async function configurationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/identity/resources/configurations/v1/public', async () =>
    publicPolicy(await getVendorSettings(ctx.db)),
  );

  const strategies = async () => {
    const settings = await getVendorSettings(ctx.db);
    return {
      mainAuthStrategies: [{ strategy: settings.authStrategy }],
      secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: settings.passkeysEnabled }],
    };
  };
  app.get('/identity/resources/configurations/v1/auth/strategies/public', strategies);
  // The client SDK's signed-in read of the same (getPublicAuthStrategiesConfigForAuthenticatedUser).
  app.get('/identity/resources/configurations/v1/auth/strategies', async (request) => {
    await requireUser(ctx.tokens, request);
    return strategies();
  });

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

  // The captcha feature does not exist yet: the client then asks for no recaptchaToken.
  app.get('/identity/resources/configurations/v1/captcha-policy/public', async () => ({ enabled: false }));

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
