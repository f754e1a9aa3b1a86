/**
 * Tenant single sign-on over OpenID Connect: the server is the relying party of the tenant's
 * identity provider, with `openid-client` (OpenID Certified). Authorization code with PKCE (S256),
 * state and nonce, all kept on the server; the ID token is validated by the library (issuer,
 * audience, signature, expiry, nonce).
 */
import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Database } from '../storage/database';
import {
  activeConnectionById,
  spendSignInState,
  storeSignInState,
  usableConnectionByKey,
  writeConfiguredConnection,
  type OidcConnectionRow as ConfigRow,
} from '../storage/oidc-sign-in';
import type { SamlConnectionConfig } from './saml';
import type { SecretBox } from './secrets';

/** A tenant's SSO connection as configured (`ssoConnections` option, `SSO_CONNECTIONS` environment variable). */
export type SsoConnectionConfig = OidcConnectionConfig | SamlConnectionConfig;

/** A tenant's OIDC connection. */
export interface OidcConnectionConfig {
  /** Lower-case key used in the start address. */
  key: string;
  tenantId: string;
  protocol: 'oidc';
  /** Email domains whose users sign in here (pre-login finds the connection by them). */
  domains: string[];
  issuer: string;
  clientId: string;
  clientSecret?: string;
  scopes?: string;
  /** The kit's OIDC callback addresses (`{app}/account/oidc/callback`). */
  redirectUris: string[];
  /** Roles of users created just in time. */
  defaultRoles?: string[];
}

export class SsoLoginError extends Error {}

const KEY_SHAPE = /^[a-z0-9][a-z0-9_-]{0,49}$/;
const DOMAIN_SHAPE = /^[a-z0-9.-]{1,253}$/;
const STATE_TTL_SECONDS = 600;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Writes the connections and their email domains; `startUrl(key)` is the address pre-login answers. */
export async function upsertSsoConnections(
  db: Database,
  secrets: SecretBox,
  connections: readonly OidcConnectionConfig[],
  startUrl: (key: string) => string,
): Promise<void> {
  for (const c of connections) {
    if (!KEY_SHAPE.test(c.key)) throw new Error(`Invalid SSO connection key "${c.key}"`);
    const domains = c.domains.map((d) => d.trim().toLowerCase());
    if (!domains.length || !domains.every((d) => DOMAIN_SHAPE.test(d)))
      throw new Error(`SSO connection "${c.key}" needs valid email domains`);
    if (!c.redirectUris.length) throw new Error(`SSO connection "${c.key}" needs at least one redirect URI`);
    for (const u of [c.issuer, ...c.redirectUris])
      if (!/^https?:\/\//.test(new URL(u).href))
        throw new Error(`SSO connection "${c.key}": ${u} is not an http(s) URL`);
    await writeConfiguredConnection(
      db,
      {
        key: c.key,
        tenant_id: c.tenantId,
        protocol: c.protocol,
        issuer: c.issuer,
        client_id: c.clientId,
        client_secret_encrypted: c.clientSecret ? secrets.seal(c.clientSecret) : null,
        scopes: c.scopes ?? 'openid email profile',
        redirect_uris: c.redirectUris,
        domains,
        default_role_keys: c.defaultRoles ?? [],
      },
      startUrl(c.key),
    );
  }
}

/** The tenant connections, their relying-party configurations cached per process. */
export class SsoConnections {
  private cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

  constructor(
    private readonly db: Database,
    private readonly secrets: SecretBox,
    private readonly options: { allowInsecureRequests: boolean },
  ) {}

  private async byKey(key: string): Promise<ConfigRow | null> {
    if (!KEY_SHAPE.test(key)) return null;
    return usableConnectionByKey(this.db, key);
  }

  /**
   * Starts a sign-in: state, PKCE verifier and nonce stored (state hashed, verifier sealed), bound
   * to a value the browser keeps in a cookie. Returns the provider's authorization address and that value.
   */
  async start(key: string, redirectUri: string): Promise<{ url: string; binding: string }> {
    const row = await this.byKey(key);
    if (!row) throw new SsoLoginError(`unknown SSO connection "${key}"`);
    if (!row.redirect_uris.includes(redirectUri))
      throw new SsoLoginError('redirect_uri not registered for the connection');
    const config = await this.configuration(row);
    const state = oidc.randomState();
    const verifier = oidc.randomPKCECodeVerifier();
    const nonce = oidc.randomNonce();
    const binding = randomBytes(32).toString('base64url');
    await storeSignInState(this.db, {
      stateHash: sha256(state),
      configurationId: row.id,
      codeVerifierSealed: this.secrets.seal(verifier),
      nonce,
      redirectUri,
      browserBindingHash: sha256(binding),
      ttlSeconds: STATE_TTL_SECONDS,
    });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: row.scopes,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    return { url: url.toString(), binding };
  }

  /**
   * Completes a sign-in from the kit's callback: the state is spent (single-use), must belong to
   * this browser and redirect URI, and the code is exchanged with the verifier. The email must be
   * in one of the connection's domains (the tenant's IdP speaks for those domains only).
   */
  async complete(input: {
    code: string;
    state: string;
    redirectUri: string;
    binding: string | undefined;
  }): Promise<{
    connection: ConfigRow;
    subject: string;
    email: string;
    name: string | null;
    groups: string[];
  }> {
    const pending = await spendSignInState(this.db, sha256(input.state));
    if (!pending) throw new SsoLoginError('unknown or used state');
    if (pending.expired) throw new SsoLoginError('the sign-in took too long');
    if (!input.binding || sha256(input.binding) !== pending.browser_binding_hash)
      throw new SsoLoginError('the callback reached another browser than the one that started');
    if (pending.redirect_uri !== input.redirectUri)
      throw new SsoLoginError('redirectUri differs from the one of the authorization request');
    const row = await activeConnectionById(this.db, pending.configuration_id);
    if (!row) throw new SsoLoginError('the connection is gone');
    const config = await this.configuration(row);
    const callback = new URL(input.redirectUri);
    callback.searchParams.set('code', input.code);
    callback.searchParams.set('state', input.state);
    // The kit forwards code and state (spec 000 §7: code, redirectUri, RelayState); the state was
    // issued for this connection alone, so its issuer stands in for an `iss` parameter.
    if (config.serverMetadata().authorization_response_iss_parameter_supported)
      callback.searchParams.set('iss', config.serverMetadata().issuer);
    let claims: oidc.IDToken | undefined;
    let profile: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: this.secrets.open(pending.code_verifier_sealed),
        expectedState: input.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
      profile = claims ?? {};
      // Providers may keep email and name out of the ID token when an access token is issued: ask the user-info endpoint.
      if (claims && typeof claims.email !== 'string')
        profile = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    } catch (error) {
      throw new SsoLoginError(
        `code exchange failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (!claims) throw new SsoLoginError('no ID token');
    const email = typeof profile.email === 'string' ? profile.email.trim().toLowerCase() : '';
    const domain = email.split('@')[1] ?? '';
    if (!email || !row.domains.includes(domain))
      throw new SsoLoginError(`the IdP asserted an email outside the connection's domains`);
    return {
      connection: row,
      subject: claims.sub,
      email,
      name: typeof profile.name === 'string' ? profile.name : null,
      groups: groupsOf(profile.groups ?? claims.groups),
    };
  }

  private configuration(row: ConfigRow): Promise<oidc.Configuration> {
    const cacheKey = `${row.id}|${row.issuer}|${row.client_id}`;
    const cached = this.cache.get(cacheKey);
    if (cached && Date.now() - cached.at < 10 * 60_000) return cached.config;
    const secret = row.client_secret_encrypted ? this.secrets.open(row.client_secret_encrypted) : undefined;
    const config = oidc.discovery(
      new URL(row.issuer),
      row.client_id,
      undefined,
      secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
      {
        execute: this.options.allowInsecureRequests ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      },
    );
    const entry = { at: Date.now(), config };
    this.cache.set(cacheKey, entry);
    config.catch(() => this.cache.delete(cacheKey));
    return config;
  }
}

/** The identity provider's group names (the `groups` claim): strings only, at most 200. */
function groupsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return list
    .filter((g): g is string => typeof g === 'string' && g.length > 0 && g.length <= 256)
    .slice(0, 200);
}
