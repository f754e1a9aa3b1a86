/**
 * Builds the reference identity server: database and migrations, signing keys, optional dev seed,
 * and the Fastify app with its routes, validation, CORS and error handling.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { AppContext } from './context';
import { createDelivery } from './delivery';
import { accessTokenClaims } from './domain/access-tokens';
import { isApiTokenAccess } from '../core/domain/api-tokens';
import { AuthService } from './domain/auth';
import { ConnectivityWorker, resolveConnectivityOptions } from './domain/connectivity-worker';
import { MfaService } from './domain/mfa';
import { loadEncryptionKey, SecretBox } from './domain/mfa-crypto';
import { PasswordHasher } from './domain/passwords';
import { enforceSessionPolicy } from './domain/security-policies';
import { pruneSessions } from './domain/sessions';
import { ipAllowed } from './domain/ip-restrictions';
import { TokenService } from './domain/tokens';
import { addSecurityHeaders, corsDelegator, createFastify, installJsonParser } from './http/app-basics';
import { installErrorHandlers } from './http/errors';
import { resolveOptions, type ServerOptions } from './options';
import { installAuditHook } from './http/audit-hook';
import { purgeAudits } from './storage/audits';
import { auditStreamHandler } from './domain/audit-stream-delivery';
import { upsertClients } from './domain/oauth-clients';
import { SEED_TENANT_ID, seedDevelopmentData, seedHostIntegrationData } from './seed';
import { registerStatic } from './static';
import { dropUndefinedQueryValues } from './http/client-query';
import { installOpenApi } from './http/openapi';
import { registerRoutes } from './app-routes';
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
  const app = createFastify(opts);

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

  installAuditHook(app, ctx.db);
  await registerRoutes(app, ctx);
  if (opts.staticRoot) await registerStatic(app, opts.staticRoot);

  await app.ready();
  return app;
}
