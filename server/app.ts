/**
 * Builds the reference identity server: database and migrations, signing keys, optional dev seed,
 * and the Fastify app with its routes, validation, CORS and error handling.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifySchema } from 'fastify';
import type { AppContext } from './context';
import { createDelivery } from './delivery';
import { accessTokenClaims } from './domain/access-tokens';
import { isApiTokenAccess } from './domain/api-tokens';
import { AuthService } from './domain/auth';
import { ConnectivityWorker, resolveConnectivityOptions } from './domain/connectivity-worker';
import { MfaService } from './domain/mfa';
import { loadEncryptionKey, SecretBox } from './domain/mfa-crypto';
import { PasswordHasher } from './domain/passwords';
import { enforceSessionPolicy } from './domain/security-policies';
import { pruneSessions } from './domain/sessions';
import { ipAllowed } from './domain/ip-restrictions';
import { TokenService } from './domain/tokens';
import { FRAMEWORK_OPTIONS, installErrorHandlers } from './http/errors';
import { resolveOptions, type ResolvedOptions, type ServerOptions } from './options';
import { accountSettingsRoutes } from './routes/account-settings';
import { profileImageRoutes } from './routes/profile-image';
import { accountPageRoutes } from './routes/account-pages';
import { activationRoutes } from './routes/activation';
import { devOutboxRoutes } from './routes/dev-outbox';
import { passwordRoutes } from './routes/passwords';
import { apiTokenRoutes } from './routes/api-tokens';
import { groupRoutes } from './routes/groups';
import { roleRoutes } from './routes/roles';
import { securityPolicyRoutes } from './routes/security-policies';
import { securityCenterRoutes } from './routes/security-center';
import { notificationRoutes, reportRoutes } from './routes/reports';
import { usageRoutes } from './routes/usage';
import { signInMethodRoutes } from './routes/sign-in-methods';
import { auditRoutes } from './routes/audits';
import { installAuditHook } from './http/audit-hook';
import { purgeAudits } from './domain/audits';
import { connectivityRoutes } from './routes/connectivity';
import { auditStreamRoutes } from './routes/audit-streams';
import { auditStreamHandler } from './domain/audit-stream-delivery';
import { billingRoutes } from './routes/billing';
import { directoryRoutes } from './routes/directory';
import { scimRoutes } from './routes/scim';
import { authRoutes } from './routes/auth';
import { configurationRoutes } from './routes/configurations';
import { entitlementRoutes } from './routes/entitlements';
import { featureFlagRoutes } from './routes/featureFlags';
import { impersonationRoutes } from './routes/impersonation';
import { hierarchyRoutes } from './routes/hierarchy';
import { hierarchyV1Routes } from './routes/hierarchy-v1';
import { subTenantUsersV1Routes } from './routes/sub-tenant-users-v1';
import { invitationRoutes } from './routes/invitations';
import { portalConfigRoutes } from './routes/portal-config';
import { loginSessionRoutes } from './routes/login-sessions';
import { passwordlessRoutes } from './routes/passwordless';
import { mfaRoutes } from './routes/mfa';
import { mfaAccountRoutes } from './routes/mfa-account';
import { passkeyRoutes } from './routes/passkeys';
import { profileRoutes } from './routes/profile';
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
import { ssoConfigRoutes } from './routes/sso-config';
import { ssoLegacyRoutes } from './routes/sso-legacy';
import { upsertClients } from './domain/oauth-clients';
import { SEED_TENANT_ID, seedDevelopmentData, seedHostIntegrationData } from './seed';
import { registerStatic } from './static';
import { dropUndefinedQueryValues } from './http/client-query';
import { installOpenApi, openApiRoute } from './http/openapi';
import { installRouteTable } from './http/route-table';
import { openDatabase, type Database } from './storage/database';
import { migrate } from './storage/migrations';

/** One registered route: a method and the full path (prefix included, as Fastify writes it). */
export interface RouteSummary {
  method: string;
  url: string;
  /** The route's schema as registered (server/http/openapi.test.ts checks every route has one). */
  schema?: FastifySchema;
}

export interface BuiltServer {
  app: FastifyInstance;
  db: Database;
  /** The access tokens' keys and issuers (server/scale-out.test.ts rotates the key on one instance). */
  tokens: TokenService;
  /** Every route the app registered, HEAD and OPTIONS included (server/permission-matrix.test.ts reads it). */
  routes: readonly RouteSummary[];
  /** Stops accepting requests, waits for those in flight, then closes the database. */
  close(): Promise<void>;
}

/**
 * Opens the database, applies migrations, makes sure a signing key exists, seeds when asked, and
 * returns a ready (not yet listening) Fastify app. Nothing a second process needs is kept only
 * in this process: several servers can share one PostgreSQL.
 */
export async function buildServer(options: ServerOptions): Promise<BuiltServer> {
  const opts = resolveOptions(options);
  const db = await openDatabase(opts.database);
  try {
    await migrate(db);
    const hasher = new PasswordHasher(opts.passwordHashing);
    const tokens = new TokenService(db, {
      issuer: opts.issuer,
      audience: opts.audience,
      accessTokenTtlSeconds: opts.accessTokenTtlSeconds,
    });
    await tokens.init();
    // Every authenticated call: the token's session must be live and within its tenant's session
    // policy (idle timeout, forced re-login); API-token access has no login session.
    // IP restrictions too: the account's allow or block list against the call's address.
    // One query for a person's token (security-policies.ts enforceSessionPolicy).
    // A route that reads the caller (GET me) has the same statement read them (context.principal).
    tokens.useSessionGuard(async (claims, { ip, principal }) => {
      if (isApiTokenAccess(claims))
        return (await ipAllowed(db, claims.tenantId ?? null, ip)) ? null : 'IP_NOT_ALLOWED';
      const refusal = await enforceSessionPolicy(db, claims.sid, {
        touch: true,
        ip: { tenantId: claims.tenantId ?? null, address: ip },
        ...(principal ? { principal: { userId: claims.sub, read: (row) => (principal.row = row) } } : {}),
      });
      return refusal === 'ip' ? 'IP_NOT_ALLOWED' : refusal ? 'TOKEN_INVALID' : null;
    });
    // The client SDK's access tokens: their secret is the bearer (domain/access-tokens.ts).
    tokens.useOpaqueTokens((secret) => accessTokenClaims(db, secret));
    if (opts.seed) await seedDevelopmentData(db, hasher);
    if (opts.seed) await seedHostIntegrationData(db, SEED_TENANT_ID);
    if (opts.oauthClients.length) await upsertClients(db, opts.oauthClients);
    await hasher.warmUp();
    const delivery = createDelivery(db, opts.delivery);
    const appOrigin = new URL(opts.appUrl).origin;
    const secretBox = new SecretBox(await loadEncryptionKey(db, opts.mfaEncryptionKey));
    const mfa = new MfaService(
      db,
      secretBox,
      {
        rpId: opts.webauthn?.rpId ?? new URL(opts.appUrl).hostname,
        rpName: opts.webauthn?.rpName ?? 'Auth Elements',
        origins: opts.webauthn?.origins ?? [...new Set([appOrigin, ...opts.corsOrigins])],
        rpIdFromRequest: opts.webauthn?.rpIdFromRequest === true && !opts.webauthn.rpId,
      },
      opts.webauthn?.rpName ?? 'Auth Elements',
    );
    const ctx: AppContext = {
      db,
      tokens,
      hasher,
      auth: new AuthService(db, tokens, hasher, opts.refreshTokenTtlSeconds),
      options: opts,
      cookies: {
        prefix: opts.prefix,
        secure: opts.cookieSecure,
        sameSite: opts.cookieSameSite,
        refreshTokenTtlSeconds: opts.refreshTokenTtlSeconds,
      },
      delivery,
      mfa,
      secretBox,
      connectivity: resolveConnectivityOptions(opts.connectivity),
    };
    const routes: RouteSummary[] = [];
    const app = await createApp(ctx, routes);
    const stopPurge = scheduleHousekeeping(db, opts, app.log);
    // Webhook, email, SMS and Slack deliveries from the outbox table (domain/connectivity-worker.ts).
    // Audit streams ride the same outbox and worker (domain/audit-stream-delivery.ts).
    const auditStreams = auditStreamHandler(db, {
      box: secretBox,
      timeoutMs: ctx.connectivity.timeoutMs,
      allowPrivate: ctx.connectivity.allowPrivateAddresses,
      now: ctx.connectivity.now ?? Date.now,
      retry: ctx.connectivity.auditStreamRetry,
    });
    const worker = new ConnectivityWorker(db, secretBox, delivery, ctx.connectivity, {
      audit_stream: auditStreams,
    });
    if (ctx.connectivity.worker) worker.start();
    return {
      app,
      db,
      tokens,
      routes,
      close: async () => {
        await stopPurge();
        await app.close();
        await worker.stop();
        delivery.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

/**
 * Housekeeping now and then every hour (the timer does not keep the process alive): the audit
 * log's retention (records older than `auditRetentionDays` go), and dead sessions and rotated
 * refresh-token hashes reuse detection no longer needs (domain/sessions.ts pruneSessions). Several
 * processes may run it at once: each deletes what is left.
 */
function scheduleHousekeeping(
  db: Database,
  opts: { auditRetentionDays: number; refreshTokenTtlSeconds: number },
  log: FastifyInstance['log'],
): () => Promise<unknown> {
  let running: Promise<unknown> = Promise.resolve();
  const purge = () => {
    running = Promise.all([
      purgeAudits(db, opts.auditRetentionDays).catch((error: Error) =>
        log.error({ err: error.message }, 'audit purge failed'),
      ),
      pruneSessions(db, opts.refreshTokenTtlSeconds).catch((error: Error) =>
        log.error({ err: error.message }, 'session pruning failed'),
      ),
    ]);
  };
  purge();
  const timer = setInterval(purge, 60 * 60 * 1000);
  timer.unref();
  // Closing waits for a purge under way, so the database is not closed under it.
  return () => {
    clearInterval(timer);
    return running;
  };
}

async function createApp(ctx: AppContext, routes: RouteSummary[]): Promise<FastifyInstance> {
  const opts = ctx.options;
  const app = Fastify({
    logger: opts.logger
      ? {
          level: 'info',
          // Never log credentials: bearer tokens, the refresh cookie, or the cookie being set.
          redact: {
            paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            censor: '[redacted]',
          },
        }
      : false,
    bodyLimit: opts.bodyLimit,
    trustProxy: opts.trustProxy,
    // Fastify's and Node's own answers (431, malformed requests, router errors, 503 while closing,
    // a missing Host) in the contract's `{ errors }` shape too: see http/errors.ts.
    ...FRAMEWORK_OPTIONS,
    ajv: {
      customOptions: {
        // A number is not a password and an extra field is a mistake: no coercion, no silent
        // removal. (Fastify's defaults coerce types and strip unknown properties.)
        coerceTypes: false,
        removeAdditional: false,
        allowUnionTypes: true,
      },
    },
  });

  // Before any route: the OpenAPI generator and the error schema see every route (http/openapi.ts),
  // and complete its schema before the summary below records it.
  await installOpenApi(app);
  // Every route from its descriptor in the route table: schemas, access check, audit entry.
  installRouteTable(app, opts.prefix ? `/${opts.prefix}` : '', ctx.tokens);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema });
  });
  installErrorHandlers(app);
  installJsonParser(app);
  dropUndefinedQueryValues(app);
  await app.register(fastifyCookie);
  await app.register(fastifyCors, { delegator: corsDelegator(opts) });
  addSecurityHeaders(app);

  const apiPrefix = opts.prefix ? `/${opts.prefix}` : '';
  installAuditHook(app, ctx.db);
  await app.register(
    async (api) => {
      openApiRoute(api);
      await wellKnownRoutes(api, ctx);
      await authRoutes(api, ctx);
      await userRoutes(api, ctx);
      await profileRoutes(api, ctx);
      await profileImageRoutes(api, ctx);
      await loginSessionRoutes(api, ctx);
      await teamUserRoutes(api, ctx);
      await teamMemberRoutes(api, ctx);
      await invitationRoutes(api, ctx);
      await accountSettingsRoutes(api, ctx);
      await configurationRoutes(api, ctx);
      await entitlementRoutes(api, ctx);
      await featureFlagRoutes(api, ctx);
      await impersonationRoutes(api, ctx);
      await hierarchyRoutes(api, ctx);
      await hierarchyV1Routes(api, ctx);
      await subTenantUsersV1Routes(api, ctx);
      await portalConfigRoutes(api, ctx);
      await passwordlessRoutes(api, ctx);
      await mfaRoutes(api, ctx, ctx.mfa);
      await mfaAccountRoutes(api, ctx, ctx.mfa);
      await passkeyRoutes(api, ctx, ctx.mfa);
      // Roles and permissions, groups, API tokens (issue 6, admin portal part B).
      await roleRoutes(api, ctx);
      await groupRoutes(api, ctx);
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
      // SSO connections configured by tenant administrators (issue 16, the portal's SSO page).
      await ssoConfigRoutes(api, ctx);
      // The client SDK's legacy single-connection SSO calls: a view of those connections.
      await ssoLegacyRoutes(api, ctx);
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
  if (opts.staticRoot) await registerStatic(app, opts.staticRoot);

  await app.ready();
  return app;
}

/**
 * JSON only. An empty body counts as no body (the kit sends `content-type: application/json`
 * on bodiless POSTs such as refresh and logout). `__proto__` and `constructor.prototype` keys are
 * refused (prototype poisoning). text/plain is removed so only JSON reaches the handlers: any
 * other content type is a 415.
 */
function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
}

type CorsOptionsCallback = (error: Error | null, options: Record<string, unknown>) => void;

/**
 * CORS per path: /cdn/ is handled by the static server (`*`); the JWKS is public (`*`); the API
 * answers only allow-listed origins, with credentials (the refresh cookie). An origin outside the
 * list gets no CORS headers at all, so the browser keeps the answer from that page.
 */
function corsDelegator(opts: ResolvedOptions) {
  const allowed = new Set(opts.corsOrigins);
  const api = {
    origin: (origin: string | undefined, cb: (error: Error | null, allow: boolean) => void) =>
      cb(null, !!origin && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    maxAge: 600,
  };
  return (request: FastifyRequest, callback: CorsOptionsCallback) => {
    const path = request.url;
    if (path.startsWith('/cdn/')) return callback(null, { origin: false });
    if (path.endsWith('/.well-known/jwks.json') || path.endsWith('/.well-known/openid-configuration'))
      return callback(null, { origin: '*', methods: ['GET'] });
    return callback(null, api);
  };
}

function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    // API answers carry tokens and personal data: no cache may keep them. Static files set their
    // own cache policy.
    const route = request.routeOptions.url ?? '';
    const isStatic = route === '/*' || route.startsWith('/cdn/');
    if (!isStatic && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
