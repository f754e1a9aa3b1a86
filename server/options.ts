/**
 * Options of `buildServer`, and their defaults.
 */
import type { DatabaseConfig } from './storage/database';
import type { HashParams } from './domain/passwords';
import type { DeliveryConfig } from './delivery/types';
import type { OAuthClientConfig } from './domain/oauth-clients';
import type { SocialProviderConfig } from './domain/social';
import type { SsoConnectionConfig } from './domain/sso';
import { DEFAULT_SIGN_UPS_PER_IP } from './domain/attempts';
import type { ConnectivityOptions } from './domain/connectivity-worker';
import type { StripeConfig } from './billing/stripe';
import { DEFAULT_AUDIT_RETENTION_DAYS } from '../core/domain/audit-log';

export interface ServerOptions {
  /** PGlite (data folder, or in memory when `dataDir` is undefined) or a PostgreSQL URL. */
  database: DatabaseConfig;
  /** URL prefix of every API path; default 'frontegg'. '' puts the API at the root. */
  prefix?: string;
  /** Origins allowed to call the API with credentials. Other origins get no CORS headers. */
  corsOrigins?: string[];
  /** Mark the refresh cookie Secure (HTTPS only). On in production. */
  cookieSecure?: boolean;
  /** SameSite of the refresh cookie; default 'lax'. 'none' requires `cookieSecure`. */
  cookieSameSite?: 'lax' | 'strict' | 'none';
  /** Access-token lifetime; default 300 s. */
  accessTokenTtlSeconds?: number;
  /** Refresh-token (session idle) lifetime; default 30 days. */
  refreshTokenTtlSeconds?: number;
  /** Largest accepted request body; default 1 MiB. */
  bodyLimit?: number;
  /**
   * Sign-ups accepted from one IP address per 15-minute window (each costs a password hash and
   * creates an account); default 10 (`DEFAULT_SIGN_UPS_PER_IP`). Tests of other features raise it.
   */
  signUpsPerIp?: number;
  /** Create the development seed (demo tenant and admin, published password). Off by default; main.ts: development mode only. */
  seed?: boolean;
  /** Repository root: serves `<root>/cdn/` at /cdn/ and `<root>/demo-pages/` at /. */
  staticRoot?: string;
  /** `iss` of the access tokens; main.ts passes the public URL. */
  issuer?: string;
  /** `aud` of the access tokens; default 'auth-elements'. */
  audience?: string;
  /** Fastify request logging (authorization and cookie headers are redacted). */
  logger?: boolean;
  /** Trust X-Forwarded-* headers (behind a reverse proxy). */
  trustProxy?: boolean;
  /**
   * The captcha verifier: a reCAPTCHA-compatible `siteverify` address (POST form secret, response,
   * remoteip; JSON { success, score? }). Default Google's (domain/captcha.ts).
   */
  captchaVerifyUrl?: string;
  /** Days an audit record is kept (1 to 3650); default 365. Older ones are purged hourly. */
  auditRetentionDays?: number;
  /** Password hashing: argon2id at OWASP's minimum by default (domain/passwords.ts). Tests lower it to stay fast. */
  passwordHashing?: HashParams;
  /** Email (SMTP) and SMS (webhook) delivery; whatever is not configured goes to the outbox table. */
  delivery?: DeliveryConfig;
  /**
   * Origin of the pages that host the login box: links in emails point there
   * (`{appUrl}/account/reset-password?...`). Configured, never taken from the request's Host
   * header (that would let anyone send reset links pointing at their own site). Default: the
   * issuer when it is a URL, else http://localhost:8080.
   */
  appUrl?: string;
  /**
   * Register GET /{prefix}/dev/outbox (every email and SMS) and PUT /{prefix}/dev/settings (the
   * sign-in method, no authentication). Off by default; main.ts: development mode only; tests.
   */
  devOutbox?: boolean;
  /**
   * Hosted login's registered OAuth clients (public clients, PKCE), written to `oauth_clients`
   * at start. The OpenID provider is on only when `issuer` is an http(s) URL.
   */
  oauthClients?: OAuthClientConfig[];
  /** Social login providers (OAuth 2.0 / OpenID Connect), written to `social_providers` at start. */
  socialProviders?: SocialProviderConfig[];
  /** Tenants' SSO connections (OIDC or SAML), written to `sso_configurations` / `saml_configurations` (and their domains to `sso_domains`) at start. */
  ssoConnections?: SsoConnectionConfig[];
  /** The SAML service provider's signing key and certificate (PEM), for connections with `signRequests`. */
  samlSigning?: { privateKey: string; certificate: string };
  /** Key sealing stored secrets (providers' client secrets): 32 bytes, base64. A development key otherwise. */
  secretsKey?: string;
  /** Let identity providers be reached over plain http (development and tests only). */
  allowInsecureIdentityProviders?: boolean;
  /**
   * The fetch that reaches social login providers (default the global fetch): a proxy, or a test
   * that answers a built-in provider's addresses from a local fake.
   */
  socialProviderFetch?: typeof fetch;
  /**
   * Tenant-managed SSO (docs/sso.md): `dnsServers` (`host` or `host:port`) answer the TXT lookups
   * that validate a connection's domains; default the system's resolvers.
   */
  sso?: { dnsServers?: string[] };
  /**
   * Key that encrypts MFA secrets at rest (32 bytes, hex or base64; env MFA_ENCRYPTION_KEY).
   * Required in production; without it a key is generated once and stored in the database.
   */
  mfaEncryptionKey?: string;
  /**
   * WebAuthn relying party (passkeys and security keys). `rpId` defaults to the host name of
   * `appUrl`; `origins` (where the ceremonies may run) default to `appUrl`'s origin and the CORS origins.
   * `rpIdFromRequest` (development mode sets it when WEBAUTHN_RP_ID is not set): without `rpId`,
   * each ceremony's relying party is the calling page's host name, so http://localhost works.
   */
  webauthn?: { rpId?: string; rpName?: string; origins?: string[]; rpIdFromRequest?: boolean };
  /**
   * Webhooks, email/SMS/Slack notifications: the delivery worker (on by default in every process),
   * its retry timings, and `allowPrivateAddresses` (off by default: webhook and Slack URLs that
   * resolve to loopback or private networks are refused; tests and development turn it on).
   * See docs/connectivity.md.
   */
  connectivity?: ConnectivityOptions;
  /**
   * The payment provider of billing (issue 17, docs/billing.md): 'development' (test cards, no
   * account; the default of buildServer, and of development mode), 'stripe' (Stripe's API with
   * the vendor's keys) or 'none' (checkout answers "Payment provider not configured").
   */
  billing?: BillingConfig;
}

export type BillingConfig =
  { provider: 'development' } | { provider: 'none' } | { provider: 'stripe'; stripe: StripeConfig };

export type ResolvedOptions = Required<
  Omit<
    ServerOptions,
    | 'staticRoot'
    | 'passwordHashing'
    | 'delivery'
    | 'secretsKey'
    | 'mfaEncryptionKey'
    | 'webauthn'
    | 'samlSigning'
    | 'connectivity'
    | 'socialProviderFetch'
  >
> &
  Pick<
    ServerOptions,
    | 'staticRoot'
    | 'passwordHashing'
    | 'delivery'
    | 'secretsKey'
    | 'mfaEncryptionKey'
    | 'webauthn'
    | 'socialProviderFetch'
    | 'samlSigning'
    | 'connectivity'
  >;

/** Google reCAPTCHA's verifier (domain/captcha.ts speaks its protocol). */
const DEFAULT_CAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

const PREFIX_SHAPE = /^[A-Za-z0-9_-]*$/;

/** Fills in defaults and refuses combinations that cannot work. */
export function resolveOptions(options: ServerOptions): ResolvedOptions {
  const resolved: ResolvedOptions = {
    database: options.database,
    prefix: (options.prefix ?? 'frontegg').replace(/^\/+|\/+$/g, ''),
    corsOrigins: (options.corsOrigins ?? []).map((o) => o.replace(/\/+$/, '')),
    cookieSecure: options.cookieSecure ?? false,
    cookieSameSite: options.cookieSameSite ?? 'lax',
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 300,
    refreshTokenTtlSeconds: options.refreshTokenTtlSeconds ?? 30 * 24 * 60 * 60,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    signUpsPerIp: options.signUpsPerIp ?? DEFAULT_SIGN_UPS_PER_IP,
    seed: options.seed ?? false,
    staticRoot: options.staticRoot,
    issuer: options.issuer ?? 'auth-elements',
    audience: options.audience ?? 'auth-elements',
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    captchaVerifyUrl: options.captchaVerifyUrl ?? DEFAULT_CAPTCHA_VERIFY_URL,
    auditRetentionDays: Math.min(
      3650,
      Math.max(1, Math.floor(options.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS)),
    ),
    passwordHashing: options.passwordHashing,
    delivery: options.delivery,
    appUrl: (
      options.appUrl ??
      (/^https?:\/\//.test(options.issuer ?? '') ? options.issuer! : 'http://localhost:8080')
    ).replace(/\/+$/, ''),
    devOutbox: options.devOutbox ?? false,
    oauthClients: options.oauthClients ?? [],
    socialProviders: options.socialProviders ?? [],
    ssoConnections: options.ssoConnections ?? [],
    samlSigning: options.samlSigning,
    secretsKey: options.secretsKey,
    allowInsecureIdentityProviders: options.allowInsecureIdentityProviders ?? false,
    socialProviderFetch: options.socialProviderFetch,
    mfaEncryptionKey: options.mfaEncryptionKey,
    webauthn: options.webauthn,
    connectivity: options.connectivity,
    sso: { dnsServers: options.sso?.dnsServers ?? [] },
    billing: options.billing ?? { provider: 'development' },
  };
  if (!PREFIX_SHAPE.test(resolved.prefix))
    throw new Error(`Invalid URL prefix "${resolved.prefix}": use letters, digits, - and _`);
  if (resolved.cookieSameSite === 'none' && !resolved.cookieSecure) {
    throw new Error(
      'cookieSameSite "none" requires cookieSecure (browsers drop SameSite=None cookies without Secure)',
    );
  }
  for (const [name, value] of [
    ['accessTokenTtlSeconds', resolved.accessTokenTtlSeconds],
    ['refreshTokenTtlSeconds', resolved.refreshTokenTtlSeconds],
    ['bodyLimit', resolved.bodyLimit],
    ['signUpsPerIp', resolved.signUpsPerIp],
  ] as const) {
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  }
  if (!/^https?:\/\/[^\s]+$/.test(resolved.captchaVerifyUrl))
    throw new Error(`captchaVerifyUrl must be an http(s) address: "${resolved.captchaVerifyUrl}"`);
  return resolved;
}
