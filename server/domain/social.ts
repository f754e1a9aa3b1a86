/**
 * Social login providers: OAuth 2.0 / OpenID Connect configurations stored per vendor, the
 * authorization address the kit sends the browser to, and the code exchange, done with
 * `openid-client` (an OpenID Certified relying-party library): ID tokens are validated (issuer,
 * audience, signature from the provider's JWKS, expiry); plain OAuth 2.0 providers are asked for
 * their user-info.
 */
import * as oidc from 'openid-client';
import type { Database } from '../storage/database';
import type { SecretBox } from './secrets';

/** A provider as configured (`socialProviders` option, `SOCIAL_PROVIDERS` environment variable). */
export interface SocialProviderConfig {
  /** Lower-case key used in routes: `google`, `github`, `acme-id`. */
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
    const protocol = p.issuer ? 'oidc' : 'oauth2';
    if (protocol === 'oauth2' && !(p.authorizationEndpoint && p.tokenEndpoint && p.userinfoEndpoint)) {
      throw new Error(
        `Social provider "${p.key}": give an issuer (OpenID Connect) or the authorization, token and user-info endpoints`,
      );
    }
    [p.issuer, p.authorizationEndpoint, p.tokenEndpoint, p.userinfoEndpoint, ...p.redirectUris].forEach((u) =>
      checkUrl(u, `Social provider "${p.key}" URL`),
    );
    await db.query(
      `INSERT INTO social_providers (vendor_id, key, display_name, custom, protocol, issuer, authorization_endpoint, token_endpoint,
                                     userinfo_endpoint, client_id, client_secret_encrypted, scopes, redirect_uris, active)
       SELECT v.id, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13 FROM vendors v ORDER BY v.created_at LIMIT 1
       ON CONFLICT (vendor_id, key) DO UPDATE SET
         display_name = EXCLUDED.display_name, custom = EXCLUDED.custom, protocol = EXCLUDED.protocol, issuer = EXCLUDED.issuer,
         authorization_endpoint = EXCLUDED.authorization_endpoint, token_endpoint = EXCLUDED.token_endpoint,
         userinfo_endpoint = EXCLUDED.userinfo_endpoint, client_id = EXCLUDED.client_id,
         client_secret_encrypted = EXCLUDED.client_secret_encrypted, scopes = EXCLUDED.scopes,
         redirect_uris = EXCLUDED.redirect_uris, active = EXCLUDED.active, updated_at = now()`,
      [
        p.key,
        p.displayName ?? p.key,
        p.custom ?? false,
        protocol,
        p.issuer ?? null,
        p.authorizationEndpoint ?? null,
        p.tokenEndpoint ?? null,
        p.userinfoEndpoint ?? null,
        p.clientId,
        p.clientSecret ? secrets.seal(p.clientSecret) : null,
        p.scopes ?? (protocol === 'oidc' ? 'openid email profile' : 'email'),
        p.redirectUris,
        p.active ?? true,
      ],
    );
  }
}

const COLUMNS =
  'id, key, display_name, custom, protocol, issuer, authorization_endpoint, token_endpoint, userinfo_endpoint, client_id, client_secret_encrypted, scopes, redirect_uris';

/** How long a discovered provider configuration is reused, and how long a failed discovery is not retried. */
const DISCOVERY_TTL_MS = 10 * 60_000;
const DISCOVERY_FAILURE_TTL_MS = 5_000;

/** Social providers of the vendor, their relying-party configurations cached per process. */
export class SocialProviders {
  private cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

  constructor(
    private readonly db: Database,
    private readonly secrets: SecretBox,
    private readonly options: { allowInsecureRequests: boolean; log: (message: string) => void },
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
    const info = (await oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck)) as Record<
      string,
      unknown
    >;
    const subject = info.sub ?? info.id;
    const email = info.email;
    if ((typeof subject !== 'string' && typeof subject !== 'number') || typeof email !== 'string')
      throw new SocialLoginError('the user-info answer has no subject or email');
    // Plain OAuth 2.0 providers have no standard verification claim: configure only providers
    // that give out verified addresses (documented in server/README.md).
    return {
      subject: String(subject),
      email,
      emailVerified: info.email_verified !== false,
      name: typeof info.name === 'string' ? info.name : null,
    };
  }

  private configuration(row: ProviderRow): Promise<oidc.Configuration> {
    const cacheKey = `${row.key}|${row.issuer ?? row.authorization_endpoint}|${row.client_id}`;
    const cached = this.cache.get(cacheKey);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
    const secret = row.client_secret_encrypted ? this.secrets.open(row.client_secret_encrypted) : undefined;
    const auth = secret ? oidc.ClientSecretBasic(secret) : oidc.None();
    const execute = this.options.allowInsecureRequests ? [oidc.allowInsecureRequests] : [];
    const config =
      row.protocol === 'oidc'
        ? oidc.discovery(new URL(row.issuer!), row.client_id, undefined, auth, { execute, timeout: 10 })
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
