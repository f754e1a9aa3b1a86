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
import { activationRoutes } from './routes/activation';
import { devOutboxRoutes } from './routes/dev-outbox';
import { passwordRoutes } from './routes/passwords';
import { apiTokenRoutes } from './routes/api-tokens';
import { BACK_OFFICE_AREAS } from '../core/domain/back-office-areas';
import { registerAreas } from './http/handlers';
import { serverPlatform } from './platform';
import { securityPolicyRoutes } from './routes/security-policies';
import { securityCenterRoutes } from './routes/security-center';
import { notificationRoutes, reportRoutes } from './routes/reports';
import { usageRoutes } from './routes/usage';
import { signInMethodRoutes } from './routes/sign-in-methods';
import { auditRoutes } from './routes/audits';
import { connectivityRoutes } from './routes/connectivity';
import { auditStreamRoutes } from './routes/audit-streams';
import { billingRoutes } from './routes/billing';
import { directoryRoutes } from './routes/directory';
import { scimRoutes } from './routes/scim';
import { authRoutes } from './routes/auth';
import { configurationRoutes } from './routes/configurations';
import { featureFlagRoutes } from './routes/featureFlags';
import { hostInfoRoutes } from './routes/host-info';
import { impersonationRoutes } from './routes/impersonation';
import { hierarchyRoutes } from './routes/hierarchy';
import { invitationRoutes } from './routes/invitations';
import { portalConfigRoutes } from './routes/portal-config';
import { loginSessionRoutes } from './routes/login-sessions';
import { passwordlessRoutes } from './routes/passwordless';
import { mfaRoutes } from './routes/mfa';
import { teamMemberRoutes } from './routes/team-members';
import { teamUserRoutes } from './routes/team-users';
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
      await loginSessionRoutes(api, ctx);
      await teamUserRoutes(api, ctx);
      await teamMemberRoutes(api, ctx);
      await invitationRoutes(api, ctx);
      await accountSettingsRoutes(api, ctx);
      await configurationRoutes(api, ctx);
      await hostInfoRoutes(api, ctx);
      await featureFlagRoutes(api, ctx);
      await impersonationRoutes(api, ctx);
      await hierarchyRoutes(api, ctx);
      await portalConfigRoutes(api, ctx);
      await passwordlessRoutes(api, ctx);
      await mfaRoutes(api, ctx, ctx.mfa);
      // The back office's areas, written once for both backends (core/domain/back-office-areas.ts).
      registerAreas(api, serverPlatform(ctx), BACK_OFFICE_AREAS);
      // Using an API token (its management is an area above).
      await apiTokenRoutes(api, ctx);
      // The security page's policies (issue 15).
      await securityPolicyRoutes(api, ctx);
      await signInMethodRoutes(api, ctx);
      await auditRoutes(api, ctx);
      // Audit-log streaming (issue 28 item 16): configured here, delivered by the worker.
      await auditStreamRoutes(api, ctx);
      await securityCenterRoutes(api, ctx);
      // Reports and notifications (issue 28 item 4).
      await reportRoutes(api, ctx);
      await notificationRoutes(api, ctx);
      await usageRoutes(api, ctx);
      // Connectivity: events, webhooks, email/SMS/Slack subscriptions (issue 16).
      await connectivityRoutes(api, ctx);
      // Billing and the checkout (issue 17).
      await billingRoutes(api, ctx);
      // Directory provisioning: SCIM configurations (the portal) and the SCIM 2.0 endpoints (IdPs).
      await directoryRoutes(api, ctx);
      await scimRoutes(api, ctx);
      // Password reset, activation and (when asked for) the development outbox.
      await passwordRoutes(api, ctx);
      await activationRoutes(api, ctx);
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
