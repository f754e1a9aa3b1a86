/**
 * Social login providers: OAuth 2.0 / OpenID Connect configurations stored per vendor, the
 * authorization address the kit sends the browser to, and the code exchange, done with
 * `openid-client` (an OpenID Certified relying-party library): ID tokens are validated (issuer,
 * audience, signature from the provider's JWKS, expiry); plain OAuth 2.0 providers are asked for
 * their user-info.
 */
import * as oidc from 'openid-client';
import {
  completeProvider,
  personFromUserInfo,
  SOCIAL_PRESET_KEYS,
  verifiedEmailOf,
  type UserInfoFields,
} from '../../core/domain/social-presets';
import type { Database } from '../storage/database';
import type { SecretBox } from './secrets';

/** A provider as configured (`socialProviders` option, `SOCIAL_PROVIDERS` environment variable). */
export interface SocialProviderConfig {
  /**
   * Lower-case key used in routes: `google`, `github`, `acme-id`. A built-in key (core/domain/
   * social-presets.ts: google, github, microsoft, facebook, linkedin, slack, gitlab) needs no issuer,
   * endpoints or scopes: its preset gives them.
   */
  key: string;
  displayName?: string;
  /** A custom provider (listed by the custom-providers call rather than the built-in list). */
  custom?: boolean;
  /** OpenID Connect: the issuer (discovery). Plain OAuth 2.0: leave out and give the three endpoints. */
  issuer?: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  userinfoEndpoint?: string;
  clientId: string;
  clientSecret?: string;
  /** Default `openid email profile` (OIDC) or `email` (OAuth 2.0). */
  scopes?: string;
  /** The application's social callback addresses (`{app}/account/social/success`); the first is used in the authorization address. */
  redirectUris: string[];
  active?: boolean;
}

interface ProviderRow {
  id: string;
  key: string;
  display_name: string;
  custom: boolean;
  protocol: 'oidc' | 'oauth2';
  issuer: string | null;
  authorization_endpoint: string | null;
  token_endpoint: string | null;
  userinfo_endpoint: string | null;
  client_id: string;
  client_secret_encrypted: string | null;
  scopes: string;
  redirect_uris: string[];
  emails_endpoint: string | null;
  userinfo_fields: UserInfoFields | null;
  token_auth: 'client_secret_basic' | 'client_secret_post';
}

/** What the kit needs to draw a button and start the sign-in (spec 000 §3 "Social login config"). */
interface SocialProviderInfo {
  id: string;
  provider: string;
  type: string;
  displayName: string;
  authorizationUrl: string;
  clientId: string;
  redirectUrl: string;
  active: boolean;
  customised: boolean;
}

/** What a provider said about the person after a successful exchange. */
interface SocialClaims {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

export class SocialLoginError extends Error {}

const KEY_SHAPE = /^[a-z0-9][a-z0-9_-]{0,49}$/;

function checkUrl(value: string | undefined, what: string): void {
  if (value === undefined) return;
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${what} must be an http(s) URL`);
}

/** Writes the configured providers (idempotent; every process may do it at start). */
export async function upsertSocialProviders(
  db: Database,
  secrets: SecretBox,
  providers: readonly SocialProviderConfig[],
): Promise<void> {
  for (const p of providers) {
    if (!KEY_SHAPE.test(p.key))
      throw new Error(`Invalid social provider key "${p.key}": lower-case letters, digits, - and _`);
    if (!p.redirectUris.length) throw new Error(`Social provider "${p.key}" needs at least one redirect URI`);
    const c = completeProvider(p);
    if (!c) {
      throw new Error(
        `Social provider "${p.key}": give an issuer (OpenID Connect) or the authorization, token and user-info endpoints, or use a built-in key (${SOCIAL_PRESET_KEYS.join(', ')})`,
      );
    }
    [
      c.issuer,
      c.authorizationEndpoint,
      c.tokenEndpoint,
      c.userinfoEndpoint,
      c.emailsEndpoint,
      ...p.redirectUris,
    ].forEach((u) => checkUrl(u ?? undefined, `Social provider "${p.key}" URL`));
    await db.query(
      `INSERT INTO social_providers (vendor_id, key, display_name, custom, protocol, issuer, authorization_endpoint, token_endpoint,
                                     userinfo_endpoint, client_id, client_secret_encrypted, scopes, redirect_uris, active,
                                     emails_endpoint, userinfo_fields, token_auth)
       SELECT v.id, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16
         FROM vendors v ORDER BY v.created_at LIMIT 1
       ON CONFLICT (vendor_id, key) DO UPDATE SET
         display_name = EXCLUDED.display_name, custom = EXCLUDED.custom, protocol = EXCLUDED.protocol, issuer = EXCLUDED.issuer,
         authorization_endpoint = EXCLUDED.authorization_endpoint, token_endpoint = EXCLUDED.token_endpoint,
         userinfo_endpoint = EXCLUDED.userinfo_endpoint, client_id = EXCLUDED.client_id,
         client_secret_encrypted = EXCLUDED.client_secret_encrypted, scopes = EXCLUDED.scopes,
         redirect_uris = EXCLUDED.redirect_uris, active = EXCLUDED.active, emails_endpoint = EXCLUDED.emails_endpoint,
         userinfo_fields = EXCLUDED.userinfo_fields, token_auth = EXCLUDED.token_auth, updated_at = now()`,
      [
        p.key,
        c.displayName,
        p.custom ?? false,
        c.protocol,
        c.issuer,
        c.authorizationEndpoint,
        c.tokenEndpoint,
        c.userinfoEndpoint,
        p.clientId,
        p.clientSecret ? secrets.seal(p.clientSecret) : null,
        c.scopes,
        p.redirectUris,
        p.active ?? true,
        c.emailsEndpoint,
        c.userinfoFields ? JSON.stringify(c.userinfoFields) : null,
        c.tokenAuth,
      ],
    );
  }
}

const COLUMNS =
  'id, key, display_name, custom, protocol, issuer, authorization_endpoint, token_endpoint, userinfo_endpoint, client_id, client_secret_encrypted, scopes, redirect_uris, emails_endpoint, userinfo_fields, token_auth';

/** How long a discovered provider configuration is reused, and how long a failed discovery is not retried. */
const DISCOVERY_TTL_MS = 10 * 60_000;
const DISCOVERY_FAILURE_TTL_MS = 5_000;

/** Social providers of the vendor, their relying-party configurations cached per process. */
export class SocialProviders {
  private cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

  constructor(
    private readonly db: Database,
    private readonly secrets: SecretBox,
    private readonly options: {
      allowInsecureRequests: boolean;
      log: (message: string) => void;
      /** The fetch that reaches the providers (default the global one; tests point preset hosts at a local fake). */
      fetch?: typeof fetch | undefined;
    },
  ) {}

  private async rows(where: string, params: unknown[]): Promise<ProviderRow[]> {
    const { rows } = await this.db.query<ProviderRow>(
      `SELECT ${COLUMNS} FROM social_providers WHERE active AND ${where} ORDER BY display_name, key`,
      params,
    );
    return rows;
  }

  /** The active providers (built-in or custom) with their authorization address; a provider whose discovery fails is left out and logged. */
  async list(custom: boolean): Promise<SocialProviderInfo[]> {
    const out: SocialProviderInfo[] = [];
    for (const row of await this.rows('custom = $1', [custom])) {
      try {
        const config = await this.configuration(row);
        const url = new URL(config.serverMetadata().authorization_endpoint!);
        url.searchParams.set('client_id', row.client_id);
        url.searchParams.set('response_type', 'code');
        url.searchParams.set('scope', row.scopes);
        url.searchParams.set('redirect_uri', row.redirect_uris[0]!);
        out.push({
          id: row.id,
          provider: row.key,
          type: row.key,
          displayName: row.display_name,
          authorizationUrl: url.toString(),
          clientId: row.client_id,
          redirectUrl: row.redirect_uris[0]!,
          active: true,
          customised: row.custom,
        });
      } catch (error) {
        this.options.log(
          `Social provider "${row.key}" is unavailable: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return out;
  }

  /**
   * Exchanges an authorization code (with the PKCE verifier the kit kept) and returns what the
   * provider says about the person. The redirect URI must be one registered for the provider.
   * Throws SocialLoginError with a reason for the logs; the client only ever hears "Failed to authenticate".
   */
  async exchange(
    key: string,
    input: {
      code: string;
      redirectUri: string;
      codeVerifier?: string | undefined;
      state?: string | undefined;
    },
  ): Promise<SocialClaims> {
    const row = (await this.rows('key = $1', [key]))[0];
    if (!row) throw new SocialLoginError(`unknown or inactive provider "${key}"`);
    if (!row.redirect_uris.includes(input.redirectUri))
      throw new SocialLoginError('redirect URI not registered for the provider');
    const config = await this.configuration(row);
    const callback = new URL(input.redirectUri);
    callback.searchParams.set('code', input.code);
    if (input.state) callback.searchParams.set('state', input.state);
    // The kit forwards code and state only (spec 000 §5). The provider is fixed by the route and the
    // redirect URI is registered for it alone, so its issuer stands in for an `iss` parameter.
    if (config.serverMetadata().authorization_response_iss_parameter_supported)
      callback.searchParams.set('iss', config.serverMetadata().issuer);
    let tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;
    try {
      tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: input.codeVerifier,
        expectedState: input.state ?? oidc.skipStateCheck,
        idTokenExpected: row.protocol === 'oidc',
      });
    } catch (error) {
      throw new SocialLoginError(
        `code exchange failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (row.protocol === 'oidc') {
      const claims = tokens.claims();
      if (!claims) throw new SocialLoginError('no ID token');
      let email = typeof claims.email === 'string' ? claims.email : undefined;
      let verified = claims.email_verified === true;
      let name = typeof claims.name === 'string' ? claims.name : null;
      if (!email) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = typeof info.email === 'string' ? info.email : undefined;
        verified = info.email_verified === true;
        name ??= typeof info.name === 'string' ? info.name : null;
      }
      if (!email) throw new SocialLoginError('the provider gave no email address');
      return { subject: claims.sub, email, emailVerified: verified, name };
    }
    const person = await this.personOf(config, row, tokens.access_token).catch((error: unknown) => {
      throw new SocialLoginError(
        `user-info failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    if (!person.subject || !person.email)
      throw new SocialLoginError('the user-info answer has no subject or email');
    // Plain OAuth 2.0 providers have no standard verification claim: configure only providers
    // that give out verified addresses (documented in server/README.md).
    return {
      subject: person.subject,
      email: person.email,
      emailVerified: person.emailVerified,
      name: person.name,
    };
  }

  /**
   * A plain OAuth 2.0 provider's user-info answer, read through its fields (and its emails list, if
   * it has one). Read as a protected resource, not as OpenID user-info, which must carry `sub`:
   * GitHub, Microsoft Graph and Facebook name the person `id`.
   */
  private async personOf(config: oidc.Configuration, row: ProviderRow, accessToken: string) {
    const read = async (address: string): Promise<unknown> => {
      const answer = await oidc.fetchProtectedResource(config, accessToken, new URL(address), 'GET');
      if (!answer.ok) throw new Error(`${address} answered ${answer.status}`);
      return answer.json();
    };
    const info = await read(row.userinfo_endpoint!);
    if (typeof info !== 'object' || info === null) throw new Error('the user-info answer is not an object');
    const person = personFromUserInfo(info as Record<string, unknown>, row.userinfo_fields);
    if (row.emails_endpoint) {
      // The provider lists the person's addresses with their verification: its primary verified one.
      person.email = verifiedEmailOf(await read(row.emails_endpoint));
      person.emailVerified = person.email !== null;
    }
    return person;
  }

  private configuration(row: ProviderRow): Promise<oidc.Configuration> {
    const cacheKey = `${row.key}|${row.issuer ?? row.authorization_endpoint}|${row.client_id}`;
    const cached = this.cache.get(cacheKey);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
    const secret = row.client_secret_encrypted ? this.secrets.open(row.client_secret_encrypted) : undefined;
    const auth = !secret
      ? oidc.None()
      : row.token_auth === 'client_secret_post'
        ? oidc.ClientSecretPost(secret)
        : oidc.ClientSecretBasic(secret);
    const execute: Array<(c: oidc.Configuration) => void> = this.options.allowInsecureRequests
      ? [oidc.allowInsecureRequests]
      : [];
    const ownFetch = this.options.fetch;
    if (ownFetch)
      execute.push((c) => (c[oidc.customFetch] = (url, init) => ownFetch(url, init as RequestInit)));
    const config =
      row.protocol === 'oidc'
        ? oidc.discovery(new URL(row.issuer!), row.client_id, undefined, auth, {
            execute,
            timeout: 10,
            ...(ownFetch
              ? {
                  [oidc.customFetch]: (url: string, init: oidc.CustomFetchOptions) =>
                    ownFetch(url, init as RequestInit),
                }
              : {}),
          })
        : Promise.resolve(
            new oidc.Configuration(
              {
                issuer: new URL(row.authorization_endpoint!).origin,
                authorization_endpoint: row.authorization_endpoint!,
                token_endpoint: row.token_endpoint!,
                userinfo_endpoint: row.userinfo_endpoint!,
              },
              row.client_id,
              undefined,
              auth,
            ),
          ).then((c) => {
            execute.forEach((fn) => fn(c));
            return c;
          });
    const entry = { at: Date.now(), config };
    this.cache.set(cacheKey, entry);
    config.catch(() => {
      // A failed discovery is retried after a short pause, not on every request.
      entry.at = Date.now() - DISCOVERY_TTL_MS + DISCOVERY_FAILURE_TTL_MS;
    });
    return config;
  }
}
