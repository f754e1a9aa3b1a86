/**
 * The server's one SsoConnections (core/domain/sso-connections.ts over domain/sso-config.ts), built from its options on first use
 * and shared by the routes that serve tenant SSO connections: the multi-SSO calls
 * (routes/sso-config.ts), the client SDK's legacy single-connection calls (routes/sso-legacy.ts)
 * and the SAML entity of GET /metadata (routes/account-settings.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { getText } from '../delivery/outbound-http';
import { loadSecretsKey, SecretBox } from '../domain/secrets';
import { serverSsoConnections } from '../domain/sso-config';
import { ssoAddresses, type SsoConnections } from '../../core/domain/sso-connections';
import { LegacySso } from '../../core/domain/sso-legacy';
import { sqlTables } from '../storage/tables';
import { ssoHandlerPorts, vendorOfAccount } from '../../core/domain/sso-handlers';
import { callerOf } from './route-table';

const built = new WeakMap<AppContext, Promise<SsoConnections>>();

async function build(ctx: AppContext): Promise<SsoConnections> {
  const apiPrefix = ctx.options.prefix ? `/${ctx.options.prefix}` : '';
  const issuer = ctx.options.issuer.replace(/\/+$/, '');
  const origins = [...new Set([ctx.options.appUrl, ...ctx.options.corsOrigins])];
  const allowPrivate = ctx.options.connectivity?.allowPrivateAddresses ?? false;
  return serverSsoConnections({
    db: ctx.db,
    secrets: new SecretBox(await loadSecretsKey(ctx.db, ctx.options.secretsKey)),
    addresses: ssoAddresses(`${issuer}${apiPrefix}`, origins),
    dnsServers: ctx.options.sso.dnsServers ?? [],
    canSignRequests: ctx.options.samlSigning !== undefined,
    fetchText: (url) => getText(url, { timeoutMs: 10_000, allowPrivate, maxBytes: 1024 * 1024 }),
  });
}

/** The SsoConnections of this server (one per context). */
export function ssoConfigurationsOf(ctx: AppContext): Promise<SsoConnections> {
  let configs = built.get(ctx);
  if (!configs) {
    configs = build(ctx);
    built.set(ctx, configs);
  }
  return configs;
}

/**
 * The SSO routes' ports (core/domain/sso-handlers.ts) for one request: this server's
 * SsoConnections, and what the "may grant" rule reads: the caller's permissions (their access
 * token's) and what roles of the account grant.
 */
export function ssoRequestPorts(ctx: AppContext, sso: SsoConnections) {
  return (request: FastifyRequest) =>
    ssoHandlerPorts(sqlTables(ctx.db), sso, async () => callerOf(request).permissions ?? []);
}

/** The legacy single-connection calls' use cases (core/domain/sso-legacy.ts) of this server. */
export async function legacySsoOf(ctx: AppContext): Promise<LegacySso> {
  return new LegacySso(await ssoConfigurationsOf(ctx), (tenantId) =>
    vendorOfAccount(sqlTables(ctx.db), tenantId),
  );
}
