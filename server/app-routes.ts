/**
 * Every route of the server, in the order they register (server/app.ts calls this once the route
 * table, the error handlers and the hooks are installed): the API under the prefix, then the pages,
 * hosted login, social login and SSO, which register their own paths.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { openApiRoute } from './http/openapi';
import { accountSettingsRoutes } from './routes/account-settings';
import { profileImageRoutes } from './routes/profile-image';
import { accountPageRoutes } from './routes/account-pages';
import { devOutboxRoutes } from './routes/dev-outbox';
import { apiTokenRoutes } from './routes/api-tokens';
import { BACK_OFFICE_AREAS, PUBLIC_AREAS } from '../core/domain/back-office-areas';
import { registerAreas, registerPublicAreas } from './http/handlers';
import { serverVisit } from './http/visit';
import { serverPlatform } from './platform';
import { notificationRoutes, reportRoutes } from './routes/reports';
import { auditRoutes } from './routes/audits';
import { billingRoutes } from './routes/billing';
import { scimRoutes } from './routes/scim';
import { authRoutes } from './routes/auth';
import { configurationRoutes } from './routes/configurations';
import { featureFlagRoutes } from './routes/featureFlags';
import { invitationRoutes } from './routes/invitations';
import { portalConfigRoutes } from './routes/portal-config';
import { passwordlessRoutes } from './routes/passwordless';
import { teamMemberRoutes } from './routes/team-members';
import { userRoutes } from './routes/users';
import { wellKnownRoutes } from './routes/well-known';
import { oauthRoutes } from './routes/oauth';
import { oauthAuthorizeRoutes } from './routes/oauth-authorize';
import { oauthTokenRoutes } from './routes/oauth-token';
import { oauthSessionRoutes } from './routes/oauth-session';
import { hostedLoginRoutes } from './routes/oauth-hosted-login';
import { socialRoutes } from './routes/social';
import { ssoRoutes } from './routes/sso';
import { samlRoutes } from './routes/saml';

export async function registerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const opts = ctx.options;
  const apiPrefix = opts.prefix ? `/${opts.prefix}` : '';
  await app.register(
    async (api) => {
      openApiRoute(api);
      await wellKnownRoutes(api, ctx);
      await authRoutes(api, ctx);
      await userRoutes(api, ctx);
      await profileImageRoutes(api, ctx);
      await teamMemberRoutes(api, ctx);
      await invitationRoutes(api, ctx);
      await accountSettingsRoutes(api, ctx);
      await configurationRoutes(api, ctx);
      await featureFlagRoutes(api, ctx);
      await portalConfigRoutes(api, ctx);
      await passwordlessRoutes(api, ctx);
      // The areas written once for both backends (core/domain/back-office-areas.ts).
      const platform = serverPlatform(ctx);
      registerAreas(api, platform, BACK_OFFICE_AREAS);
      registerPublicAreas(api, platform, (request, reply) => serverVisit(ctx, request, reply), PUBLIC_AREAS);
      // Using an API token (its management is an area above).
      await apiTokenRoutes(api, ctx);
      await auditRoutes(api, ctx);
      // Reports and notifications (issue 28 item 4).
      await reportRoutes(api, ctx);
      await notificationRoutes(api, ctx);
      // Billing and the checkout (issue 17).
      await billingRoutes(api, ctx);
      // Directory provisioning: the SCIM 2.0 endpoints (IdPs; the portal's configurations are an area above).
      await scimRoutes(api, ctx);
      // The development outbox, when asked for.
      if (ctx.options.devOutbox) await devOutboxRoutes(api, ctx);
    },
    { prefix: apiPrefix },
  );
  // The /account/* pages that the links in emails open.
  await accountPageRoutes(app, ctx);
  // Hosted login: the OpenID Connect provider (discovery and the sign-in page at the root, endpoints
  // under the prefix), in this order.
  for (const routes of [
    oauthRoutes,
    oauthAuthorizeRoutes,
    oauthTokenRoutes,
    oauthSessionRoutes,
    hostedLoginRoutes,
  ])
    await routes(app, ctx);
  // Social login: provider configurations and the post-login exchange.
  await socialRoutes(app, ctx);
  // Tenant SSO over OpenID Connect: start and post-login.
  await ssoRoutes(app, ctx);
  // Tenant SSO over SAML: start, metadata, assertion consumer service and post-login.
  await samlRoutes(app, ctx);
  // The JWKS is also published at the conventional root location.
  if (apiPrefix) await app.register(async (root) => wellKnownRoutes(root, ctx));
}
