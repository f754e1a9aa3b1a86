/**
 * Social login (spec 000 §2 social buttons and callback, §3, §4 "Social login", §5, §7):
 *
 * - `GET {api}/identity/resources/sso/v2`: the active providers with their authorization address
 *   (`provider`, `authorizationUrl`, ...). The kit adds `state` and its PKCE challenge.
 * - `GET {api}/identity/resources/sso/custom/v1`: `{ providers: [...] }`, the custom providers.
 * - `POST {api}/identity/resources/auth/v1/user/sso/{provider}/postlogin?code=..&redirectUri=..
 *   &code_verifier=..&state=..&id_token=..`: exchanges the code with the provider, finds, links or
 *   creates the user, signs in (refresh cookie) and answers the login response with the social
 *   login result (`isNewUser`, `email`, `userId`, `tenantId`, `name`).
 *   When the user has a second factor, or their tenant enforces MFA, the same MFA gate as password
 *   sign-in answers instead (core/domain/federation.ts `federatedSignInOn`, with demo mode):
 *   `mfaRequired`, `mfaToken`, `mfaEnrolled`, `mfaDevices`, `mfaStrategies`, `email`, plus
 *   `isNewUser` (the account was created by this callback, whatever follows); no session and no
 *   cookie until the second factor. The ids and the name come only with a session. A brand-new user under an enforced policy is sent to forced
 *   enrolment (`mfaEnrolled: false`).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { loadSecretsKey, SecretBox } from '../domain/secrets';
import { SocialLoginError, SocialProviders, upsertSocialProviders } from '../domain/social';
import { contractError } from '../../core/contract/errors';
import { assertTrustedOrigin } from '../http/origin';
import { federatedSignInOn } from '../../core/domain/federation';
import { SOCIAL_PROVIDER_HANDLERS } from '../../core/domain/social-login';
import { registerPublicHandlers } from '../http/handlers';
import { serverPlatform } from '../platform';
import { serverVisit } from '../http/visit';

interface PostLoginQuery {
  code: string;
  redirectUri: string;
  code_verifier?: string;
  state?: string;
  id_token?: string;
}

/** Registers the social-login routes under the prefix and writes the configured providers. */
export async function socialRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const secrets = new SecretBox(await loadSecretsKey(ctx.db, ctx.options.secretsKey));
  if (ctx.options.socialProviders.length)
    await upsertSocialProviders(ctx.db, secrets, ctx.options.socialProviders);
  const providers = new SocialProviders(ctx.db, secrets, {
    allowInsecureRequests: ctx.options.allowInsecureIdentityProviders,
    log: (message) => app.log.warn(message),
    fetch: ctx.options.socialProviderFetch,
  });
  const apiPrefix = ctx.options.prefix ? `/${ctx.options.prefix}` : '';

  await app.register(
    async (api) => {
      // The buttons' lists (core/domain/social-login.ts, with demo mode).
      registerPublicHandlers(api, SOCIAL_PROVIDER_HANDLERS, () => ({
        list: (custom) => providers.list(custom),
      }));

      api.post<{ Params: { provider: string }; Querystring: PostLoginQuery }>(
        '/identity/resources/auth/v1/user/sso/:provider/postlogin',
        {
          bodyLimit: 1024,
          schema: {
            params: {
              type: 'object',
              properties: { provider: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{0,49}$' } },
              required: ['provider'],
            },
            // The query's schema: core/contract/requests-portal.ts (the demo backend's too).
          },
        },
        async (request, reply) => {
          assertTrustedOrigin(request, ctx.options.corsOrigins);
          const { code, redirectUri, code_verifier: codeVerifier, state } = request.query;
          let claims;
          try {
            // An id_token sent by the kit is not trusted: the provider's token endpoint gives one that is validated.
            claims = await providers.exchange(request.params.provider, {
              code,
              redirectUri,
              codeVerifier,
              state,
            });
          } catch (error) {
            if (!(error instanceof SocialLoginError)) throw error;
            request.log.warn(`social login with "${request.params.provider}" refused: ${error.message}`);
            throw contractError('AUTHENTICATION_FAILED');
          }
          const identity = {
            provider: `social:${request.params.provider}`,
            subject: claims.subject,
            email: claims.email,
            emailVerified: claims.emailVerified,
            name: claims.name,
          };
          return federatedSignInOn(serverPlatform(ctx), serverVisit(ctx, request, reply)).social(identity);
        },
      );
    },
    { prefix: apiPrefix },
  );
}
