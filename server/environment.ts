/**
 * The reference server's configuration from environment variables (and the `--dev` flag), for
 * main.ts. Kept apart from main.ts, which starts listening when imported, so tests can check it.
 *
 * PORT (8080), HOST (127.0.0.1), PUBLIC_URL (http://HOST:PORT; also the JWT issuer unless ISSUER),
 * DATABASE_URL (PostgreSQL; otherwise PGlite in DATA_DIR, default .data/pglite), URL_PREFIX
 * (frontegg), CORS_ORIGINS (comma list; outside production defaults to this server's own origins),
 * ACCESS_TOKEN_TTL and REFRESH_TOKEN_TTL (seconds), BODY_LIMIT (bytes), SIGN_UPS_PER_IP (sign-ups
 * accepted from one IP address per 15 minutes, default 10), COOKIE_SAMESITE (lax|strict|none),
 * TRUST_PROXY (true behind a reverse proxy), CAPTCHA_VERIFY_URL (the captcha verifier, a
 * reCAPTCHA-compatible siteverify address; default Google's), AUDIT_RETENTION_DAYS (days audit records are kept,
 * default 365), STATIC_ROOT (a folder whose cdn/ and demo-pages/ are
 * served; default the repository when run from it, none from the installed package), LOG (true|false),
 * WORKERS (or --workers N: worker processes on one port, main.ts and workers.ts; default the cores
 * in production on PostgreSQL, else 1), NODE_ENV=production (Secure cookies,
 * request logs, MFA_ENCRYPTION_KEY and SECRETS_KEY required; refuses development mode).
 *
 * Development mode, off unless asked for with AUTH_ELEMENTS_DEV=1 (true, yes) or the `--dev` flag
 * (`npm start` passes it): the seed (demo tenant, admin@example.com with a published password;
 * SEED=false leaves it out), GET /{prefix}/dev/outbox (every email and SMS, reset links and codes
 * included) and PUT /{prefix}/dev/settings (the sign-in method, without authentication), the
 * hosted-login demo client `hosted-demo`, and identity providers over plain http. Without it the
 * server has none of them, whatever NODE_ENV says.
 *
 * Delivery: SMTP_URL (smtp[s]://user:pass@host:port) and MAIL_FROM for email, SMS_WEBHOOK_URL and
 * SMS_WEBHOOK_TOKEN for SMS; without them messages go to the outbox table, readable at
 * GET /{prefix}/dev/outbox (a page; JSON with ?to=... or Accept: application/json) in development mode only. APP_URL: where links in emails point
 * (default PUBLIC_URL).
 * OAUTH_CLIENTS: hosted login's registered clients, a JSON array of
 * { "clientId", "name"?, "redirectUris": [...], "postLogoutRedirectUris"?: [...] }.
 * SOCIAL_PROVIDERS: social login providers, a JSON array of { "key", "displayName"?, "custom"?,
 * "issuer"? (OpenID Connect) or "authorizationEndpoint", "tokenEndpoint", "userinfoEndpoint"
 * (OAuth 2.0), "clientId", "clientSecret"?, "scopes"?, "redirectUris": [...] }; a built-in key
 * (core/domain/social-presets.ts: google, github, microsoft, …) needs no issuer or endpoints. SECRETS_KEY: 32
 * bytes in base64 sealing stored client secrets (required in production when secrets are stored).
 * SSO_CONNECTIONS: tenants' SSO, a JSON array of { "key", "tenantId", "protocol": "oidc", "domains": [...],
 * "issuer", "clientId", "clientSecret"?, "redirectUris": [...], "defaultRoles"?: [...] } or { "key",
 * "tenantId", "protocol": "saml", "domains": [...], "entryPoint", "idpIssuer"?, "idpCertificates":
 * [PEM...], "callbackUrls": [...], "defaultRoles"?: [...], "signRequests"?: true }. SAML_SP_PRIVATE_KEY and
 * SAML_SP_CERTIFICATE (PEM; "\n" escapes allowed): the key that signs AuthnRequests of connections with
 * signRequests, and its certificate (published in the service provider's metadata).
 * SSO_DNS_SERVERS: the DNS servers (comma list of host or host:port) that validate tenants' SSO
 * domains by TXT record (docs/sso.md); default the system's.
 * MFA and passkeys: MFA_ENCRYPTION_KEY (32 bytes as 64 hex or base64; encrypts TOTP secrets at
 * rest; required in production, generated and stored in the database otherwise),
 * WEBAUTHN_RP_ID (the relying party, a domain, never an IP address: fixed when set; default APP_URL's
 * host name, and in development mode the calling page's host name, so passkeys work at
 * http://localhost), WEBAUTHN_RP_NAME, WEBAUTHN_ORIGINS (comma list; default APP_URL's origin plus
 * CORS_ORIGINS).
 * Billing (docs/billing.md): STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET (and
 * STRIPE_API_BASE for another API address) turn the Stripe provider on; otherwise the development
 * provider runs in development mode or with BILLING_PROVIDER=development, and no provider elsewhere.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerOptions } from './options';
import { SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD } from './seed';

/** The variable that turns development mode on (`--dev` does the same). */
const DEV_VARIABLE = 'AUTH_ELEMENTS_DEV';

export interface Environment {
  [name: string]: string | undefined;
}

interface ServerConfig {
  options: ServerOptions;
  port: number;
  host: string;
  publicUrl: string;
  production: boolean;
  /** Development mode: seed, /dev routes, demo client, plain-http identity providers. */
  dev: boolean;
  /** Warnings to print at start. */
  warnings: string[];
}

/** Reads the configuration; throws with a message naming the variable when one is wrong. */
export function serverConfigFromEnvironment(env: Environment, argv: readonly string[] = []): ServerConfig {
  const integer = (name: string, fallback?: number): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`${name} must be a positive integer, got "${raw}"`);
    return value;
  };
  const flag = (name: string): boolean | undefined => {
    const raw = env[name]?.toLowerCase();
    if (raw === undefined || raw === '') return undefined;
    return raw === 'true' || raw === '1' || raw === 'yes';
  };

  const production = env.NODE_ENV === 'production';
  const dev = flag(DEV_VARIABLE) === true || argv.includes('--dev');
  if (dev && production)
    throw new Error(
      `Development mode (${DEV_VARIABLE} or --dev) cannot run with NODE_ENV=production: it publishes every email and code and seeds an admin with a known password`,
    );
  if (!dev && flag('SEED') === true)
    throw new Error(
      `SEED=true needs development mode (${DEV_VARIABLE}=1 or --dev): the seed's admin password is public`,
    );

  const port = integer('PORT', 8080)!;
  const host = env.HOST || '127.0.0.1';
  const browsable = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const publicUrl = (env.PUBLIC_URL || `http://${browsable}:${port}`).replace(/\/+$/, '');
  // The demo pages and CDN files: STATIC_ROOT, else the repository when running from it; the
  // installed package (dist/main.js, no demo-pages/ beside it) serves the API only.
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const staticRoot = env.STATIC_ROOT
    ? resolve(env.STATIC_ROOT)
    : existsSync(resolve(repoRoot, 'demo-pages'))
      ? repoRoot
      : undefined;
  const dataDir = resolve(env.DATA_DIR || '.data/pglite');
  const corsOrigins = env.CORS_ORIGINS
    ? env.CORS_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean)
    : production
      ? []
      : [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
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

  const options: ServerOptions = {
    database: env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir },
    prefix: env.URL_PREFIX ?? 'frontegg',
    corsOrigins,
    cookieSecure: production,
    cookieSameSite: sameSite(env),
    accessTokenTtlSeconds: integer('ACCESS_TOKEN_TTL'),
    refreshTokenTtlSeconds: integer('REFRESH_TOKEN_TTL'),
    bodyLimit: integer('BODY_LIMIT'),
    signUpsPerIp: integer('SIGN_UPS_PER_IP'),
    // The seed's admin has a published password: development mode only.
    seed: dev && flag('SEED') !== false,
    staticRoot,
    issuer: env.ISSUER || publicUrl,
    logger: flag('LOG') ?? production,
    trustProxy: flag('TRUST_PROXY') ?? false,
    captchaVerifyUrl: env.CAPTCHA_VERIFY_URL || undefined,
    auditRetentionDays: integer('AUDIT_RETENTION_DAYS'),
    delivery: {
      smtpUrl: env.SMTP_URL || undefined,
      mailFrom: env.MAIL_FROM || undefined,
      smsWebhookUrl: env.SMS_WEBHOOK_URL || undefined,
      smsWebhookToken: env.SMS_WEBHOOK_TOKEN || undefined,
    },
    appUrl: env.APP_URL || publicUrl,
    // GET /dev/outbox hands out every link and code, PUT /dev/settings needs no sign-in.
    devOutbox: dev,
    // Development: the hosted-login demo page (demo-pages/hosted.html) is a registered client.
    oauthClients:
      oauthClients(env) ??
      (dev
        ? [
            {
              clientId: 'hosted-demo',
              name: 'Hosted login demo',
              redirectUris: [`${publicUrl}/hosted-callback.html`],
              postLogoutRedirectUris: [`${publicUrl}/hosted.html`],
            },
          ]
        : undefined),
    socialProviders: jsonList<NonNullable<ServerOptions['socialProviders']>[number]>(
      env,
      'SOCIAL_PROVIDERS',
      '{ key, issuer | endpoints, clientId, clientSecret?, redirectUris }',
    ),
    samlSigning: samlSigning(env),
    ssoConnections: jsonList<NonNullable<ServerOptions['ssoConnections']>[number]>(
      env,
      'SSO_CONNECTIONS',
      '{ key, tenantId, protocol: "oidc", domains, issuer, clientId, clientSecret?, redirectUris, defaultRoles? } or { key, tenantId, protocol: "saml", domains, entryPoint, idpIssuer?, idpCertificates, callbackUrls, defaultRoles? }',
    ),
    secretsKey: env.SECRETS_KEY || undefined,
    sso: {
      dnsServers: (env.SSO_DNS_SERVERS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    },
    // Identity providers over plain http (tokens readable on the way): development mode only.
    allowInsecureIdentityProviders: dev,
    // Webhook and Slack URLs on loopback or private networks (a receiver on localhost): development
    // mode only; refused otherwise (docs/connectivity.md "SSRF").
    connectivity: { allowPrivateAddresses: dev },
    mfaEncryptionKey: env.MFA_ENCRYPTION_KEY || undefined,
    billing: billingConfig(env, dev),
    webauthn: {
      rpId: env.WEBAUTHN_RP_ID || undefined,
      // Development: the page's own host name (a browser refuses an IP address as relying party).
      rpIdFromRequest: dev && !env.WEBAUTHN_RP_ID,
      rpName: env.WEBAUTHN_RP_NAME || undefined,
      origins: env.WEBAUTHN_ORIGINS
        ? env.WEBAUTHN_ORIGINS.split(',')
            .map((o) => o.trim())
            .filter(Boolean)
        : undefined,
    },
  };

  const warnings: string[] = [];
  if (!dev && (!env.SMTP_URL || !env.SMS_WEBHOOK_URL))
    warnings.push(
      'Warning: SMTP_URL or SMS_WEBHOOK_URL is not set; those messages are only written to the outbox table and nobody receives them.',
    );
  return { options, port, host, publicUrl, production, dev, warnings };
}

const apiBase = ({ options, publicUrl }: ServerConfig) =>
  `${publicUrl}${options.prefix ? `/${options.prefix}` : ''}`;

/** The one line main.ts prints at start in development mode (null otherwise): what it turns on. */
export function devModeLine(config: ServerConfig): string | null {
  if (!config.dev) return null;
  const api = apiBase(config);
  return `DEVELOPMENT MODE (${DEV_VARIABLE}=1 or --dev): ${config.options.seed ? `seeded admin ${SEED_ADMIN_EMAIL}, ` : ''}${api}/dev/outbox shows every email and SMS, PUT ${api}/dev/settings changes the sign-in method without signing in. Never on a server others can reach.`;
}

/** What main.ts prints once listening. */
export function startupLines(config: ServerConfig, env: Environment): string[] {
  const { options, publicUrl, production, dev } = config;
  const api = apiBase(config);
  const database = options.database;
  const lines = [
    `Auth Elements reference server (${production ? 'production' : dev ? 'development mode' : 'development mode off'})`,
    ...(options.staticRoot
      ? [
          `  Demo index:    ${publicUrl}/`,
          `  Login page:    ${publicUrl}/login.html`,
          `  Demo mode:     ${publicUrl}/demo.html`,
          `  Portal page:   ${publicUrl}/portal.html`,
        ]
      : [`  Static files:  none (STATIC_ROOT: a folder with cdn/ and demo-pages/)`]),
    `  API base:      ${api}`,
    `  JWKS:          ${publicUrl}/.well-known/jwks.json`,
    `  Database:      ${database.kind === 'pglite' ? `PGlite in ${database.dataDir ?? 'memory'}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Delivery:      email ${env.SMTP_URL ? 'SMTP' : 'outbox'}, SMS ${env.SMS_WEBHOOK_URL ? 'webhook' : 'outbox'}${dev ? ` (read it: ${api}/dev/outbox)` : ''}`,
  ];
  if (options.seed) lines.push(`  Seeded admin:  ${SEED_ADMIN_EMAIL} / ${SEED_ADMIN_PASSWORD}`);
  // Passkeys follow the page's host name in development mode, and a browser refuses an IP address.
  const url = new URL(publicUrl);
  if (options.webauthn?.rpIdFromRequest && /^[\d.]+$|^\[/.test(url.hostname)) {
    url.hostname = 'localhost';
    lines.push(
      `  Passkeys:      open the pages at ${url.origin}/ (browsers refuse passkeys on an IP address)`,
    );
  }
  return lines;
}

function sameSite(env: Environment): ServerOptions['cookieSameSite'] {
  const raw = env.COOKIE_SAMESITE?.toLowerCase();
  if (!raw) return undefined;
  if (raw === 'lax' || raw === 'strict' || raw === 'none') return raw;
  throw new Error(`COOKIE_SAMESITE must be lax, strict or none, got "${raw}"`);
}

/** SAML_SP_PRIVATE_KEY and SAML_SP_CERTIFICATE together, or neither. */
function samlSigning(env: Environment): { privateKey: string; certificate: string } | undefined {
  const pem = (value: string | undefined) => value?.replace(/\\n/g, '\n').trim() || undefined;
  const privateKey = pem(env.SAML_SP_PRIVATE_KEY);
  const certificate = pem(env.SAML_SP_CERTIFICATE);
  if (!privateKey && !certificate) return undefined;
  if (!privateKey || !certificate)
    throw new Error('Set both SAML_SP_PRIVATE_KEY and SAML_SP_CERTIFICATE (PEM), or neither');
  return { privateKey, certificate };
}

function jsonList<T>(env: Environment, name: string, shape: string): T[] | undefined {
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

function oauthClients(env: Environment): ServerOptions['oauthClients'] {
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

/**
 * Billing's payment provider (docs/billing.md): Stripe when STRIPE_SECRET_KEY is set; else the
 * development provider in development mode or with BILLING_PROVIDER=development (it accepts test
 * cards and grants paid plans for nothing: never in production); else none.
 */
function billingConfig(env: NodeJS.ProcessEnv, dev: boolean): NonNullable<ServerOptions['billing']> {
  if (env.STRIPE_SECRET_KEY)
    return {
      provider: 'stripe',
      stripe: {
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
        webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
        apiBase: env.STRIPE_API_BASE || undefined,
      },
    };
  if (dev || env.BILLING_PROVIDER === 'development') return { provider: 'development' };
  return { provider: 'none' };
}
