/**
 * Starts the reference server from environment variables:
 *
 * PORT (8080), HOST (127.0.0.1), PUBLIC_URL (http://HOST:PORT; also the JWT issuer unless ISSUER),
 * DATABASE_URL (PostgreSQL; otherwise PGlite in DATA_DIR, default .data/pglite), URL_PREFIX
 * (frontegg), CORS_ORIGINS (comma list; in development defaults to this server's own origins),
 * ACCESS_TOKEN_TTL and REFRESH_TOKEN_TTL (seconds), BODY_LIMIT (bytes), SIGN_UPS_PER_IP (sign-ups
 * accepted from one IP address per 15 minutes, default 10), COOKIE_SAMESITE
 * (lax|strict|none), TRUST_PROXY (true behind a reverse proxy), LOG (true|false), SEED (false
 * turns the development seed off), NODE_ENV=production (Secure cookies, never any seed).
 * Delivery: SMTP_URL (smtp[s]://user:pass@host:port) and MAIL_FROM for email, SMS_WEBHOOK_URL and
 * SMS_WEBHOOK_TOKEN for SMS; without them messages go to the outbox table, readable at
 * GET /{prefix}/dev/outbox?to=... outside production. APP_URL: where links in emails point
 * (default PUBLIC_URL).
 * OAUTH_CLIENTS: hosted login's registered clients, a JSON array of
 * { "clientId", "name"?, "redirectUris": [...], "postLogoutRedirectUris"?: [...] }.
 * SOCIAL_PROVIDERS: social login providers, a JSON array of { "key", "displayName"?, "custom"?,
 * "issuer"? (OpenID Connect) or "authorizationEndpoint", "tokenEndpoint", "userinfoEndpoint"
 * (OAuth 2.0), "clientId", "clientSecret"?, "scopes"?, "redirectUris": [...] }. SECRETS_KEY: 32
 * bytes in base64 sealing stored client secrets (required in production when secrets are stored).
 * SSO_CONNECTIONS: tenants' SSO, a JSON array of { "key", "tenantId", "protocol": "oidc", "domains": [...],
 * "issuer", "clientId", "clientSecret"?, "redirectUris": [...], "defaultRoles"?: [...] } or { "key",
 * "tenantId", "protocol": "saml", "domains": [...], "entryPoint", "idpIssuer"?, "idpCertificates":
 * [PEM...], "callbackUrls": [...], "defaultRoles"?: [...], "signRequests"?: true }. SAML_SP_PRIVATE_KEY and
 * SAML_SP_CERTIFICATE (PEM; "\n" escapes allowed): the key that signs AuthnRequests of connections with
 * signRequests, and its certificate (published in the service provider's metadata).
 * MFA and passkeys: MFA_ENCRYPTION_KEY (32 bytes as 64 hex or base64; encrypts TOTP secrets at
 * rest; required in production, generated and stored in the database in development),
 * WEBAUTHN_RP_ID (default: APP_URL's host name), WEBAUTHN_RP_NAME, WEBAUTHN_ORIGINS (comma list;
 * default APP_URL's origin plus CORS_ORIGINS).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, type ServerOptions } from './app';
import { SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD } from './seed';

const env = process.env;
const production = env.NODE_ENV === 'production';

function integer(name: string, fallback?: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function flag(name: string): boolean | undefined {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return undefined;
  return raw === 'true' || raw === '1' || raw === 'yes';
}

function sameSite(): ServerOptions['cookieSameSite'] {
  const raw = env.COOKIE_SAMESITE?.toLowerCase();
  if (!raw) return undefined;
  if (raw === 'lax' || raw === 'strict' || raw === 'none') return raw;
  throw new Error(`COOKIE_SAMESITE must be lax, strict or none, got "${raw}"`);
}

/** SAML_SP_PRIVATE_KEY and SAML_SP_CERTIFICATE together, or neither. */
function samlSigning(): { privateKey: string; certificate: string } | undefined {
  const pem = (value: string | undefined) => value?.replace(/\\n/g, '\n').trim() || undefined;
  const privateKey = pem(env.SAML_SP_PRIVATE_KEY);
  const certificate = pem(env.SAML_SP_CERTIFICATE);
  if (!privateKey && !certificate) return undefined;
  if (!privateKey || !certificate)
    throw new Error('Set both SAML_SP_PRIVATE_KEY and SAML_SP_CERTIFICATE (PEM), or neither');
  return { privateKey, certificate };
}

function jsonList<T>(name: string, shape: string): T[] | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed) && parsed.every((item) => item && typeof item === 'object'))
      return parsed as T[];
  } catch {
    // reported below
  }
  throw new Error(`${name} must be a JSON array of ${shape}`);
}

function oauthClients(): ServerOptions['oauthClients'] {
  const raw = env.OAUTH_CLIENTS;
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(
      'OAUTH_CLIENTS must be a JSON array of { clientId, name?, redirectUris, postLogoutRedirectUris? }',
    );
  }
  const valid =
    Array.isArray(parsed) &&
    parsed.every(
      (c) =>
        c &&
        typeof c === 'object' &&
        typeof c.clientId === 'string' &&
        Array.isArray(c.redirectUris) &&
        c.redirectUris.every((u: unknown) => typeof u === 'string') &&
        (c.postLogoutRedirectUris === undefined ||
          (Array.isArray(c.postLogoutRedirectUris) &&
            c.postLogoutRedirectUris.every((u: unknown) => typeof u === 'string'))),
    );
  if (!valid)
    throw new Error(
      'OAUTH_CLIENTS must be a JSON array of { clientId, name?, redirectUris, postLogoutRedirectUris? }',
    );
  return parsed as NonNullable<ServerOptions['oauthClients']>;
}

async function main(): Promise<void> {
  const port = integer('PORT', 8080)!;
  const host = env.HOST || '127.0.0.1';
  const browsable = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const publicUrl = (env.PUBLIC_URL || `http://${browsable}:${port}`).replace(/\/+$/, '');
  const prefix = env.URL_PREFIX ?? 'frontegg';
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const dataDir = resolve(env.DATA_DIR || '.data/pglite');
  const corsOrigins = env.CORS_ORIGINS
    ? env.CORS_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean)
    : production
      ? []
      : [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  const seed = !production && flag('SEED') !== false;
  if (production && !env.MFA_ENCRYPTION_KEY) {
    throw new Error(
      'MFA_ENCRYPTION_KEY must be set in production (32 random bytes, e.g. `openssl rand -hex 32`): it encrypts MFA secrets at rest',
    );
  }

  if (
    production &&
    !env.SECRETS_KEY &&
    (env.SOCIAL_PROVIDERS?.includes('clientSecret') || env.SSO_CONNECTIONS?.includes('clientSecret'))
  ) {
    throw new Error(
      "SECRETS_KEY (32 bytes, base64) is required in production to store identity providers' client secrets",
    );
  }

  const server = await buildServer({
    database: env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir },
    prefix,
    corsOrigins,
    cookieSecure: production,
    cookieSameSite: sameSite(),
    accessTokenTtlSeconds: integer('ACCESS_TOKEN_TTL'),
    refreshTokenTtlSeconds: integer('REFRESH_TOKEN_TTL'),
    bodyLimit: integer('BODY_LIMIT'),
    signUpsPerIp: integer('SIGN_UPS_PER_IP'),
    seed,
    staticRoot: repoRoot,
    issuer: env.ISSUER || publicUrl,
    logger: flag('LOG') ?? production,
    trustProxy: flag('TRUST_PROXY') ?? false,
    delivery: {
      smtpUrl: env.SMTP_URL || undefined,
      mailFrom: env.MAIL_FROM || undefined,
      smsWebhookUrl: env.SMS_WEBHOOK_URL || undefined,
      smsWebhookToken: env.SMS_WEBHOOK_TOKEN || undefined,
    },
    appUrl: env.APP_URL || publicUrl,
    // The outbox endpoint hands out every link and code: never in production.
    devOutbox: !production,
    // Development: the hosted-login demo page (demo-pages/hosted.html) is a registered client.
    oauthClients:
      oauthClients() ??
      (production
        ? undefined
        : [
            {
              clientId: 'hosted-demo',
              name: 'Hosted login demo',
              redirectUris: [`${publicUrl}/hosted-callback.html`],
              postLogoutRedirectUris: [`${publicUrl}/hosted.html`],
            },
          ]),
    socialProviders: jsonList<NonNullable<ServerOptions['socialProviders']>[number]>(
      'SOCIAL_PROVIDERS',
      '{ key, issuer | endpoints, clientId, clientSecret?, redirectUris }',
    ),
    samlSigning: samlSigning(),
    ssoConnections: jsonList<NonNullable<ServerOptions['ssoConnections']>[number]>(
      'SSO_CONNECTIONS',
      '{ key, tenantId, protocol: "oidc", domains, issuer, clientId, clientSecret?, redirectUris, defaultRoles? } or { key, tenantId, protocol: "saml", domains, entryPoint, idpIssuer?, idpCertificates, callbackUrls, defaultRoles? }',
    ),
    secretsKey: env.SECRETS_KEY || undefined,
    allowInsecureIdentityProviders: !production,
    mfaEncryptionKey: env.MFA_ENCRYPTION_KEY || undefined,
    webauthn: {
      rpId: env.WEBAUTHN_RP_ID || undefined,
      rpName: env.WEBAUTHN_RP_NAME || undefined,
      origins: env.WEBAUTHN_ORIGINS
        ? env.WEBAUTHN_ORIGINS.split(',')
            .map((o) => o.trim())
            .filter(Boolean)
        : undefined,
    },
  });
  if (production && (!env.SMTP_URL || !env.SMS_WEBHOOK_URL)) {
    console.warn(
      'Warning: SMTP_URL or SMS_WEBHOOK_URL is not set; those messages are only written to the outbox table and nobody receives them.',
    );
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: finishing requests in flight, then closing the database...`);
    // If something hangs, do not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Error while stopping:', error instanceof Error ? error.message : error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));

  await server.app.listen({ port, host });

  const api = `${publicUrl}${prefix ? `/${prefix}` : ''}`;
  const lines = [
    `Auth Elements reference server (${production ? 'production' : 'development'})`,
    `  Demo index:    ${publicUrl}/`,
    `  Login page:    ${publicUrl}/login.html`,
    `  Demo mode:     ${publicUrl}/demo.html`,
    `  Portal page:   ${publicUrl}/portal.html`,
    `  API base:      ${api}`,
    `  JWKS:          ${publicUrl}/.well-known/jwks.json`,
    `  Database:      ${env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}`,
    `  Delivery:      email ${env.SMTP_URL ? 'SMTP' : 'outbox'}, SMS ${env.SMS_WEBHOOK_URL ? 'webhook' : 'outbox'}${production ? '' : ` (read it: ${api}/dev/outbox?to=<address>)`}`,
  ];
  if (seed) lines.push(`  Seeded admin:  ${SEED_ADMIN_EMAIL} / ${SEED_ADMIN_PASSWORD}`);
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
