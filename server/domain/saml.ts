/**
 * Tenant single sign-on over SAML 2.0: the server is the service provider of the tenant's identity
 * provider, with `@node-saml/node-saml` (the SAML core of passport-saml) checking each response.
 *
 * The library's SAML object for a connection is built in saml-service-provider.ts.
 *
 * 1. Start: an AuthnRequest (HTTP-Redirect binding) whose ID is stored with the kit's callback
 *    address, a RelayState (hashed) and the hash of a value kept in the starting browser's cookie.
 * 2. Assertion consumer service: the identity provider posts its response. The library checks the
 *    signature of the assertion against the tenant's certificates, the issuer, the audience (this
 *    connection's entity ID), the time window (60 s of clock skew) and that the response answers
 *    a request of ours not yet answered (InResponseTo: unsolicited and replayed responses fail).
 *    Here (saml-response.ts): the request is spent atomically, the RelayState matches, the bearer
 *    confirmation's Recipient (inside the signed assertion) and the response's Destination are
 *    this ACS, the assertion ID was never accepted before, and the email is in the connection's
 *    domains.
 * 3. The identity waits behind a single-use code (120 s, stored as SHA-256); the browser goes to
 *    the kit's SAML callback route with it, and the kit spends it (`POST /user/saml/postlogin`),
 *    from the browser that started (its cookie), for a session.
 */
import { randomBytes } from 'node:crypto';
import type { CacheProvider } from '@node-saml/node-saml';
import type { Database } from '../storage/database';
import { consumeResponse } from './saml-response';
import {
  refusingCache,
  REQUEST_TTL_SECONDS,
  SamlLoginError,
  serviceProvider,
  sha256,
  token,
  type SamlConnectionRow,
  type SamlSigning,
  type ServiceProviderAddresses,
} from './saml-service-provider';

/** A tenant's SAML connection as configured (`ssoConnections` option with `protocol: "saml"`). */
export interface SamlConnectionConfig {
  /** Lower-case key used in the service provider's addresses. */
  key: string;
  tenantId: string;
  protocol: 'saml';
  /** Email domains whose users sign in here (pre-login finds the connection by them). */
  domains: string[];
  /** The identity provider's single sign-on address (HTTP-Redirect binding). */
  entryPoint: string;
  /** The identity provider's entity ID: when set, responses must be issued by it. */
  idpIssuer?: string;
  /** PEM certificates the identity provider signs with (two during a rollover). */
  idpCertificates: string[];
  /** The kit's SAML callback addresses (`{app}/account/saml/callback`); the first is the default. */
  callbackUrls: string[];
  /** Roles of users created just in time. */
  defaultRoles?: string[];
  /** Sign AuthnRequests (RSA-SHA256) with the server's SAML key (`samlSigning`), for IdPs that require it. */
  signRequests?: boolean;
}

interface SamlIdentity {
  connection: SamlConnectionRow;
  subject: string;
  email: string;
  name: string | null;
  /** The groups the assertion named (the mapped roles of tenant-managed connections). */
  groups: string[];
}

const KEY_SHAPE = /^[a-z0-9][a-z0-9_-]{0,49}$/;
const DOMAIN_SHAPE = /^[a-z0-9.-]{1,253}$/;
const COLUMNS =
  'id, key, tenant_id, entry_point, idp_issuer, idp_certificates, callback_urls, domains, default_role_keys, sign_requests';

function checkedHttpUrl(value: string, what: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${what}: ${value} is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${what}: ${value} is not an http(s) URL`);
}

/** Writes the connections and their email domains; `startUrl(key)` is the address pre-login answers. */
export async function upsertSamlConnections(
  db: Database,
  connections: readonly SamlConnectionConfig[],
  startUrl: (key: string) => string,
  signing: SamlSigning | undefined,
): Promise<void> {
  for (const c of connections) {
    if (c.signRequests && !signing)
      throw new Error(
        `SSO connection "${c.key}" signs its requests: set the service provider's key and certificate (SAML_SP_PRIVATE_KEY, SAML_SP_CERTIFICATE)`,
      );
    if (!KEY_SHAPE.test(c.key)) throw new Error(`Invalid SSO connection key "${c.key}"`);
    const domains = c.domains.map((d) => d.trim().toLowerCase());
    if (!domains.length || !domains.every((d) => DOMAIN_SHAPE.test(d)))
      throw new Error(`SSO connection "${c.key}" needs valid email domains`);
    if (!c.callbackUrls?.length) throw new Error(`SSO connection "${c.key}" needs at least one callback URL`);
    if (
      !c.idpCertificates?.length ||
      !c.idpCertificates.every((pem) => typeof pem === 'string' && pem.trim().length > 0)
    ) {
      throw new Error(`SSO connection "${c.key}" needs the identity provider's signing certificate`);
    }
    for (const u of [c.entryPoint, ...c.callbackUrls]) checkedHttpUrl(u, `SSO connection "${c.key}"`);
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO saml_configurations (key, tenant_id, entry_point, idp_issuer, idp_certificates, callback_urls, domains, default_role_keys, sign_requests)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (key) DO UPDATE SET tenant_id = EXCLUDED.tenant_id, entry_point = EXCLUDED.entry_point, idp_issuer = EXCLUDED.idp_issuer,
           idp_certificates = EXCLUDED.idp_certificates, callback_urls = EXCLUDED.callback_urls, domains = EXCLUDED.domains,
           default_role_keys = EXCLUDED.default_role_keys, sign_requests = EXCLUDED.sign_requests, updated_at = now()
         RETURNING id`,
        [
          c.key,
          c.tenantId,
          c.entryPoint,
          c.idpIssuer ?? null,
          c.idpCertificates.map((pem) => pem.trim()),
          c.callbackUrls,
          domains,
          c.defaultRoles ?? [],
          c.signRequests === true,
        ],
      );
      const id = rows[0]!.id;
      await tx.query(
        'DELETE FROM sso_domains WHERE saml_configuration_id = $1 AND NOT (domain = ANY($2::text[]))',
        [id, domains],
      );
      for (const domain of domains) {
        await tx.query(
          `INSERT INTO sso_domains (tenant_id, domain, address, idp_type, saml_configuration_id, sso_configuration_id) VALUES ($1, $2, $3, 'saml', $4, NULL)
           ON CONFLICT (domain) DO UPDATE SET tenant_id = EXCLUDED.tenant_id, address = EXCLUDED.address, idp_type = 'saml',
             saml_configuration_id = EXCLUDED.saml_configuration_id, sso_configuration_id = NULL`,
          [c.tenantId, domain, startUrl(c.key), id],
        );
      }
    });
  }
}

/** The tenants' SAML connections. `addresses(key)`: this server's entity ID and ACS for a connection. */
export class SamlConnections {
  constructor(
    private readonly db: Database,
    private readonly addresses: (key: string) => ServiceProviderAddresses,
    private readonly signing?: SamlSigning,
  ) {}

  /**
   * An enabled connection with its identity provider's details; `metadata`: any connection (an
   * administrator gives the service provider's metadata to the IdP before enabling it).
   */
  async byKey(key: string, use: 'sign-in' | 'metadata' = 'sign-in'): Promise<SamlConnectionRow | null> {
    if (!KEY_SHAPE.test(key)) return null;
    const { rows } = await this.db.query<SamlConnectionRow>(
      use === 'metadata'
        ? `SELECT ${COLUMNS} FROM saml_configurations WHERE key = $1`
        : `SELECT ${COLUMNS} FROM saml_configurations WHERE key = $1 AND active AND entry_point <> '' AND cardinality(idp_certificates) > 0`,
      [key],
    );
    return rows[0] ?? null;
  }

  private serviceProvider(row: SamlConnectionRow, extra: { requestId?: string; cache: CacheProvider }) {
    return serviceProvider(row, this.addresses(row.key), this.signing, extra);
  }

  /** The service provider's metadata for the tenant's identity provider administrator. */
  async metadata(key: string): Promise<string | null> {
    const found = await this.byKey(key, 'metadata');
    if (!found) return null;
    // Not configured yet: our side of the metadata does not depend on the IdP's details.
    const row = {
      ...found,
      entry_point: found.entry_point || 'https://idp.invalid/',
      idp_certificates: found.idp_certificates.length ? found.idp_certificates : ['unset'],
    };
    // With signed requests the metadata says so (AuthnRequestsSigned) and carries the certificate.
    return this.serviceProvider(row, { cache: refusingCache }).generateServiceProviderMetadata(
      null,
      row.sign_requests ? (this.signing?.certificate ?? null) : null,
    );
  }

  /**
   * Starts a sign-in: the AuthnRequest's ID stored with the callback address, the RelayState and
   * the browser's binding. Returns the identity provider's address and the value for the cookie.
   */
  async start(key: string, callbackUrl: string | undefined): Promise<{ url: string; binding: string }> {
    const row = await this.byKey(key);
    if (!row) throw new SamlLoginError(`unknown SAML connection "${key}"`);
    const callback = callbackUrl ?? row.callback_urls[0]!;
    if (!row.callback_urls.includes(callback))
      throw new SamlLoginError('callback address not registered for the connection');
    const requestId = `_${randomBytes(20).toString('hex')}`;
    const relayState = token();
    const binding = token();
    await this.db.query(`DELETE FROM saml_requests WHERE expires_at < now() - interval '1 day'`);
    await this.db.query(`DELETE FROM saml_assertions_seen WHERE expires_at < now()`);
    const cache: CacheProvider = {
      saveAsync: async (id, value) => {
        if (id !== requestId) throw new Error('unexpected request ID');
        await this.db.query(
          `INSERT INTO saml_requests (request_id, configuration_id, callback_url, relay_state_hash, browser_binding_hash, expires_at)
           VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
          [requestId, row.id, callback, sha256(relayState), sha256(binding), REQUEST_TTL_SECONDS],
        );
        return { value, createdAt: Date.now() };
      },
      getAsync: async () => null,
      removeAsync: async () => null,
    };
    const url = await this.serviceProvider(row, { requestId, cache }).getAuthorizeUrlAsync(
      relayState,
      undefined,
      {},
    );
    return { url, binding };
  }

  /** The connection key of the pending request a RelayState belongs to, or null. */
  async keyOfRelayState(relayState: string): Promise<string | null> {
    const { rows } = await this.db.query<{ key: string }>(
      `SELECT c.key FROM saml_requests r JOIN saml_configurations c ON c.id = r.configuration_id
        WHERE r.relay_state_hash = $1 AND r.answered_at IS NULL AND r.expires_at > now()`,
      [sha256(relayState)],
    );
    return rows[0]?.key ?? null;
  }

  /**
   * The assertion consumer service: checks the identity provider's response (see the file's
   * comment) and parks the identity behind a single-use code. Returns where to send the browser.
   */
  async consume(
    key: string,
    samlResponse: string,
    relayState: string | undefined,
  ): Promise<{ callbackUrl: string; code: string }> {
    const row = await this.byKey(key);
    if (!row) throw new SamlLoginError(`unknown SAML connection "${key}"`);
    const { acsUrl } = this.addresses(row.key);
    return consumeResponse(
      { db: this.db, row, acsUrl, serviceProvider: (cache) => this.serviceProvider(row, { cache }) },
      samlResponse,
      relayState,
    );
  }

  /** Spends the code of the kit's callback, in the browser that started: the identity it stands for. */
  async redeem(code: string, binding: string | undefined): Promise<SamlIdentity> {
    const { rows } = await this.db.query<{
      configuration_id: string;
      browser_binding_hash: string;
      expired: boolean;
      subject: string;
      email: string;
      name: string | null;
      groups: string[] | null;
    }>(
      `UPDATE saml_requests SET code_used_at = now() WHERE code_hash = $1 AND code_used_at IS NULL
       RETURNING configuration_id, browser_binding_hash, code_expires_at <= now() AS expired, subject, email, name, groups`,
      [sha256(code)],
    );
    const pending = rows[0];
    if (!pending) throw new SamlLoginError('unknown or used code');
    if (pending.expired) throw new SamlLoginError('the code expired');
    if (!binding || sha256(binding) !== pending.browser_binding_hash)
      throw new SamlLoginError('the code reached another browser than the one that started');
    const found = await this.db.query<SamlConnectionRow>(
      `SELECT ${COLUMNS} FROM saml_configurations WHERE id = $1 AND active`,
      [pending.configuration_id],
    );
    const connection = found.rows[0];
    if (!connection) throw new SamlLoginError('the connection is gone');
    return {
      connection,
      subject: pending.subject,
      email: pending.email,
      name: pending.name,
      groups: pending.groups ?? [],
    };
  }
}
