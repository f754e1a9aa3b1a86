/**
 * What the server's SSO connections have alone (core/domain/platform.ts `sso`, server/platform.ts):
 * its services over its options and its secrets' key, built on first use and shared by every
 * request (the multi-SSO and legacy calls, core/domain/sso-handlers.ts, and GET /metadata's SAML
 * entity).
 */
import type { AppContext } from '../context';
import { getText } from '../delivery/outbound-http';
import { loadSecretsKey, SecretBox } from '../domain/secrets';
import { serverSsoBackend } from '../domain/sso-config';
import { ssoAddresses, type SsoBackend } from '../../core/domain/sso-connections';

const built = new WeakMap<AppContext, Promise<SsoBackend>>();

async function build(ctx: AppContext): Promise<SsoBackend> {
  const apiPrefix = ctx.options.prefix ? `/${ctx.options.prefix}` : '';
  const issuer = ctx.options.issuer.replace(/\/+$/, '');
  const origins = [...new Set([ctx.options.appUrl, ...ctx.options.corsOrigins])];
  const allowPrivate = ctx.options.connectivity?.allowPrivateAddresses ?? false;
  return serverSsoBackend({
    secrets: new SecretBox(await loadSecretsKey(ctx.db, ctx.options.secretsKey)),
    addresses: ssoAddresses(`${issuer}${apiPrefix}`, origins),
    dnsServers: ctx.options.sso.dnsServers ?? [],
    canSignRequests: ctx.options.samlSigning !== undefined,
    fetchText: (url) => getText(url, { timeoutMs: 10_000, allowPrivate, maxBytes: 1024 * 1024 }),
  });
}

/** What this server's SSO connections have alone (one per context). */
export function ssoBackendOf(ctx: AppContext): Promise<SsoBackend> {
  let backend = built.get(ctx);
  if (!backend) {
    backend = build(ctx);
    built.set(ctx, backend);
  }
  return backend;
}
