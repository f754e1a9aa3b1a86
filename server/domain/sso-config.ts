/**
 * SSO connections configured by tenant administrators (issue 16; spec 001 §3 "SSO multi", §5 save
 * rules, §6 default roles and group mappings), on the client SDK's multi-SSO calls
 * (`/team/resources/sso/v1/configurations`, ISSOConfiguration). The storage is described in
 * storage/schema/sso.ts (migration 24): SAML connections (types saml, okta, azure, google) are rows
 * of `saml_configurations`, OIDC ones (type oidc) of `sso_configurations`, both `tenant_managed`,
 * so the sign-in code of domain/saml.ts and domain/sso.ts serves them unchanged.
 *
 * Choices (docs/sso.md):
 * - A connection's id is its row id; its key (used in the sign-in addresses) is `t-{id}`.
 * - For OIDC, `ssoEndpoint` is the provider's issuer (discovery at `{issuer}/.well-known/openid-configuration`);
 *   the client secret is sealed (domain/secrets.ts) and never answered: `oidcSecret` is always
 *   `""`, and an empty `oidcSecret` in an update keeps the stored one.
 * - `acsUrl` and `spEntityId` are ours (the service provider's) and read-only; for OIDC `acsUrl` is
 *   the redirect URI to register at the provider (the kit's OIDC callback).
 * - `generatedVerification` is the value of the DNS TXT record that proves a domain (one per connection).
 * - Default roles are kept as role keys (the sign-in code's), answered as ids.
 */
import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import type { Database } from '../storage/database';
import { contractError } from '../../core/contract/errors';
import type { SecretBox } from './secrets';

import { type SSO_PROVIDER_TYPES } from '../../core/contract/requests-sso';

type SsoProviderType = (typeof SSO_PROVIDER_TYPES)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VERIFICATION_PREFIX = 'auth-elements-sso=';

interface SsoAddresses {
  /** `{issuer}/{prefix}/identity/resources/auth/v1/sso/saml/{key}`: entity ID `…/metadata`, ACS `…/acs`. */
  samlBase(key: string): string;
  /** The kit's callbacks tenant-managed connections may return to (the app's, then the CORS origins'). */
  samlCallbacks: string[];
  oidcRedirects: string[];
}

interface SsoConfigDeps {
  db: Database;
  secrets: SecretBox;
  addresses: SsoAddresses;
  /** The DNS servers of the TXT lookup (`host` or `host:port`); empty: the system's. */
  dnsServers: string[];
  /** Metadata URLs on private networks allowed (tests, development). */
  allowPrivateAddresses: boolean;
  /** Whether the server has a SAML signing key (signRequest needs one). */
  canSignRequests: boolean;
  fetchText: (url: string) => Promise<string>;
}

type Protocol = 'saml' | 'oidc';

interface ConnectionRow {
  protocol: Protocol;
  id: string;
  key: string;
  tenant_id: string;
  active: boolean;
  provider_type: SsoProviderType;
  verification: string | null;
  endpoint: string;
  idp_issuer: string | null;
  certificates: string[];
  sign_requests: boolean;
  client_id: string;
  has_secret: boolean;
  metadata_url: string | null;
  default_role_keys: string[];
  created_at: Date;
  updated_at: Date;
}

const SELECT_SAML = `SELECT 'saml' AS protocol, id, key, tenant_id, active, provider_type, verification, entry_point AS endpoint,
  idp_issuer, idp_certificates AS certificates, sign_requests, '' AS client_id, false AS has_secret, metadata_url,
  default_role_keys, created_at, updated_at FROM saml_configurations WHERE tenant_managed`;
const SELECT_OIDC = `SELECT 'oidc' AS protocol, id, key, tenant_id, active, 'oidc' AS provider_type, verification, issuer AS endpoint,
  NULL AS idp_issuer, '{}'::text[] AS certificates, false AS sign_requests, client_id, client_secret_encrypted IS NOT NULL AS has_secret,
  NULL AS metadata_url, default_role_keys, created_at, updated_at FROM sso_configurations WHERE tenant_managed`;

const tableOf = (p: Protocol) => (p === 'saml' ? 'saml_configurations' : 'sso_configurations');
const fkOf = (p: Protocol) => (p === 'saml' ? 'saml_configuration_id' : 'sso_configuration_id');
const protocolOf = (type: SsoProviderType): Protocol => (type === 'oidc' ? 'oidc' : 'saml');

/** The fields an administrator sends (the client's IUpdateSSOConfiguration, plus `idpEntityId`). */
export interface SsoConfigInput {
  enabled?: boolean;
  type?: SsoProviderType;
  ssoEndpoint?: string;
  publicCertificate?: string;
  signRequest?: boolean;
  oidcClientId?: string;
  oidcSecret?: string;
  idpEntityId?: string;
  roleIds?: string[];
  skipEmailDomainValidation?: boolean;
}

/** Parsed identity provider metadata. */
interface IdpMetadata {
  entityId: string | null;
  ssoEndpoint: string;
  certificates: string[];
}

/** A PEM certificate from PEM or bare base64 (metadata's X509Certificate), or null. */
function normaliseCertificate(value: string): string | null {
  const body = value.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length < 64) return null;
  const lines = body.match(/.{1,64}/g)!.join('\n');
  return `-----BEGIN CERTIFICATE-----\n${lines}\n-----END CERTIFICATE-----`;
}

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** Reads entity ID, HTTP-Redirect SSO address and signing certificates from IdP metadata XML. */
function parseIdpMetadata(xml: string): IdpMetadata {
  if (/<!DOCTYPE/i.test(xml)) throw contractError('SSO_METADATA_UNREADABLE');
  let doc: Document;
  try {
    let failed = false;
    const fail = () => {
      failed = true;
    };
    doc = new DOMParser({
      errorHandler: { warning: () => undefined, error: fail, fatalError: fail },
    }).parseFromString(xml, 'text/xml') as unknown as Document;
    if (failed || !doc?.documentElement) throw new Error('unparsable');
  } catch {
    throw contractError('SSO_METADATA_UNREADABLE');
  }
  const select = xpath.useNamespaces({ md: MD, ds: DS });
  const descriptor = select('//md:IDPSSODescriptor', doc as never, true) as Element | undefined;
  if (!descriptor) throw contractError('SSO_METADATA_UNREADABLE');
  const entity = select('ancestor::md:EntityDescriptor[1]', descriptor as never, true) as Element | undefined;
  const service = (select('md:SingleSignOnService', descriptor as never) as Element[]).find(
    (node) => node.getAttribute('Binding') === REDIRECT,
  );
  const location = service?.getAttribute('Location') ?? '';
  if (!/^https?:\/\/\S+$/.test(location)) throw contractError('SSO_METADATA_NO_ENDPOINT');
  const certificates = (select('md:KeyDescriptor', descriptor as never) as Element[])
    .filter((key) => !key.getAttribute('use') || key.getAttribute('use') === 'signing')
    .flatMap((key) => select('.//ds:X509Certificate', key as never) as Element[])
    .map((node) => normaliseCertificate(node.textContent ?? ''))
    .filter((pem): pem is string => pem !== null);
  if (!certificates.length) throw contractError('SSO_METADATA_NO_CERTIFICATE');
  return {
    entityId: entity?.getAttribute('entityID') || null,
    ssoEndpoint: location,
    certificates: [...new Set(certificates)],
  };
}

function checkedEndpoint(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  try {
    const url = new URL(trimmed);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password)
      return trimmed;
  } catch {
    // refused below
  }
  throw contractError('SSO_ENDPOINT_INVALID');
}

export class SsoConfigurations {
  constructor(private readonly deps: SsoConfigDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** The redirect URI OIDC connections register at their provider (the kit's OIDC callback). */
  get oidcRedirectUri(): string {
    return this.deps.addresses.oidcRedirects[0] ?? '';
  }

  /** Every connection of the tenant, oldest first, in the client's shape. */
  async list(tenantId: string) {
    const { rows } = await this.db.query<ConnectionRow>(
      `SELECT * FROM (${SELECT_SAML} UNION ALL ${SELECT_OIDC}) c WHERE tenant_id = $1 ORDER BY created_at, id`,
      [tenantId],
    );
    return Promise.all(rows.map((row) => this.toDto(row)));
  }

  private async row(tenantId: string, id: string): Promise<ConnectionRow> {
    if (!UUID.test(id)) throw contractError('SSO_CONFIGURATION_NOT_FOUND');
    const { rows } = await this.db.query<ConnectionRow>(
      `SELECT * FROM (${SELECT_SAML} UNION ALL ${SELECT_OIDC}) c WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id],
    );
    if (!rows[0]) throw contractError('SSO_CONFIGURATION_NOT_FOUND');
    return rows[0];
  }

  async get(tenantId: string, id: string) {
    return this.toDto(await this.row(tenantId, id));
  }

  private async toDto(row: ConnectionRow) {
    const [domains, groups, roleIds] = await Promise.all([
      this.db.query<{ id: string; domain: string; validated: boolean }>(
        `SELECT id, domain, validated FROM sso_connection_domains WHERE ${fkOf(row.protocol)} = $1 ORDER BY created_at, id`,
        [row.id],
      ),
      this.groups(row.tenant_id, row.id),
      this.roleIdsOfKeys(row.tenant_id, row.default_role_keys),
    ]);
    const base = this.deps.addresses.samlBase(row.key);
    return {
      id: row.id,
      enabled: row.active,
      type: row.provider_type,
      generatedVerification: row.verification ?? '',
      ssoEndpoint: row.endpoint,
      publicCertificate: row.certificates[0] ?? '',
      signRequest: row.sign_requests,
      acsUrl: row.protocol === 'saml' ? `${base}/acs` : (this.deps.addresses.oidcRedirects[0] ?? ''),
      spEntityId: row.protocol === 'saml' ? `${base}/metadata` : '',
      idpEntityId: row.idp_issuer ?? '',
      metadataUrl: row.metadata_url ?? '',
      oidcClientId: row.client_id,
      oidcSecret: '',
      hasOidcSecret: row.has_secret,
      domains: domains.rows,
      roleIds,
      groups,
      skipEmailDomainValidation: false,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  }

  /** Role ids (assignable in the tenant) to keys; 400 for an id that is not one. */
  private async roleKeysOfIds(tenantId: string, roleIds: readonly string[]): Promise<string[]> {
    const ids = [...new Set(roleIds.filter((id) => id !== ''))];
    if (!ids.length) return [];
    if (!ids.every((id) => UUID.test(id))) throw contractError('ROLES_UNKNOWN');
    const { rows } = await this.db.query<{ id: string; key: string }>(
      `SELECT r.id, r.key FROM roles r JOIN tenants t ON t.id = $1
        WHERE r.vendor_id = t.vendor_id AND (r.tenant_id IS NULL OR r.tenant_id = $1) AND r.id = ANY($2::uuid[])`,
      [tenantId, ids],
    );
    if (rows.length !== ids.length) throw contractError('ROLES_UNKNOWN');
    return rows.map((r) => r.key);
  }

  private async roleIdsOfKeys(tenantId: string, keys: readonly string[]): Promise<string[]> {
    if (!keys.length) return [];
    const { rows } = await this.db.query<{ id: string }>(
      `SELECT r.id FROM roles r JOIN tenants t ON t.id = $1
        WHERE r.vendor_id = t.vendor_id AND (r.tenant_id IS NULL OR r.tenant_id = $1) AND r.key = ANY($2::text[])
        ORDER BY r.name, r.id`,
      [tenantId, keys],
    );
    return rows.map((r) => r.id);
  }

  /** Ids that are assignable roles of the tenant (400 otherwise), deduplicated. */
  async checkRoleIds(tenantId: string, roleIds: readonly string[]): Promise<string[]> {
    await this.roleKeysOfIds(tenantId, roleIds);
    return [...new Set(roleIds.filter((id) => id !== ''))];
  }

  /** A new connection (disabled unless `enabled` is sent true: spec 001 §5 "enabled defaults to false"). */
  async create(tenantId: string, input: SsoConfigInput, metadata?: { url?: string; idp: IdpMetadata }) {
    const type = input.type ?? 'saml';
    const protocol = protocolOf(type);
    // Checked first: a refused create writes nothing.
    const sets = await this.changes(
      tenantId,
      protocol,
      { ...input, roleIds: undefined, type: undefined },
      metadata,
    );
    const verification = `${VERIFICATION_PREFIX}${randomBytes(18).toString('base64url')}`;
    const roleKeys = await this.roleKeysOfIds(tenantId, input.roleIds ?? []);
    const id =
      protocol === 'saml'
        ? await this.insertSaml(tenantId, type, verification, roleKeys)
        : await this.insertOidc(tenantId, verification, roleKeys);
    await this.write(tenantId, id, protocol, sets);
    return this.get(tenantId, id);
  }

  private async insertSaml(
    tenantId: string,
    type: SsoProviderType,
    verification: string,
    roleKeys: string[],
  ) {
    const { rows } = await this.db.query<{ id: string }>(
      `INSERT INTO saml_configurations (key, tenant_id, entry_point, idp_certificates, callback_urls, domains, default_role_keys,
         sign_requests, active, tenant_managed, provider_type, verification)
       SELECT 't-' || g.id, $1, '', '{}', $2, '{}', $3, false, false, true, $4, $5 FROM (SELECT gen_random_uuid() AS id) g
       RETURNING id`,
      [tenantId, this.deps.addresses.samlCallbacks, roleKeys, type, verification],
    );
    const id = rows[0]!.id;
    await this.db.query(`UPDATE saml_configurations SET key = 't-' || id::text WHERE id = $1`, [id]);
    return id;
  }

  private async insertOidc(tenantId: string, verification: string, roleKeys: string[]) {
    const { rows } = await this.db.query<{ id: string }>(
      `INSERT INTO sso_configurations (key, tenant_id, protocol, issuer, client_id, redirect_uris, domains, default_role_keys,
         active, tenant_managed, verification)
       SELECT 't-' || g.id, $1, 'oidc', '', '', $2, '{}', $3, false, true, $4 FROM (SELECT gen_random_uuid() AS id) g
       RETURNING id`,
      [tenantId, this.deps.addresses.oidcRedirects, roleKeys, verification],
    );
    const id = rows[0]!.id;
    await this.db.query(`UPDATE sso_configurations SET key = 't-' || id::text WHERE id = $1`, [id]);
    return id;
  }

  /**
   * The columns an input changes, checked (400 for bad input) before anything is written: a
   * refused create leaves no connection behind.
   */
  private async changes(
    tenantId: string,
    protocol: Protocol,
    input: SsoConfigInput,
    metadata?: { url?: string; idp: IdpMetadata },
  ): Promise<Array<[column: string, value: unknown]>> {
    if (input.type && protocolOf(input.type) !== protocol) throw contractError('SSO_PROTOCOL_CHANGE');
    if (input.skipEmailDomainValidation) throw contractError('SSO_SKIP_DOMAINS_UNSUPPORTED');
    const sets: Array<[string, unknown]> = [];
    const set = (column: string, value: unknown) => sets.push([column, value]);
    if (input.enabled !== undefined) set('active', input.enabled);
    if (input.roleIds !== undefined)
      set('default_role_keys', await this.roleKeysOfIds(tenantId, input.roleIds));
    if (protocol === 'saml') {
      if (input.type) set('provider_type', input.type);
      if (metadata) {
        set('entry_point', metadata.idp.ssoEndpoint);
        set('idp_issuer', metadata.idp.entityId);
        set('idp_certificates', metadata.idp.certificates);
        set('metadata_url', metadata.url ?? null);
      } else {
        if (input.ssoEndpoint !== undefined) set('entry_point', checkedEndpoint(input.ssoEndpoint));
        if (input.idpEntityId !== undefined) set('idp_issuer', input.idpEntityId.trim() || null);
        if (input.publicCertificate !== undefined) {
          const trimmed = input.publicCertificate.trim();
          const pem = trimmed === '' ? null : normaliseCertificate(trimmed);
          if (trimmed !== '' && !pem) throw contractError('SSO_CERTIFICATE_INVALID');
          set('idp_certificates', pem ? [pem] : []);
        }
      }
      if (input.signRequest !== undefined) {
        if (input.signRequest && !this.deps.canSignRequests) throw contractError('SSO_SIGNING_KEY_MISSING');
        set('sign_requests', input.signRequest);
      }
    } else {
      if (input.ssoEndpoint !== undefined) set('issuer', checkedEndpoint(input.ssoEndpoint));
      if (input.oidcClientId !== undefined) set('client_id', input.oidcClientId.trim());
      if (input.oidcSecret) set('client_secret_encrypted', this.deps.secrets.seal(input.oidcSecret));
    }
    return sets;
  }

  private async write(tenantId: string, id: string, protocol: Protocol, sets: Array<[string, unknown]>) {
    if (!sets.length) return;
    await this.db.query(
      `UPDATE ${tableOf(protocol)} SET ${sets.map(([column], i) => `${column} = $${i + 3}`).join(', ')}, updated_at = now()
        WHERE id = $1 AND tenant_id = $2`,
      [id, tenantId, ...sets.map(([, value]) => value)],
    );
  }

  /** Partial update (PATCH); metadata (XML or URL) replaces endpoint, entity ID and certificates. */
  async update(
    tenantId: string,
    id: string,
    input: SsoConfigInput,
    metadata?: { url?: string; idp: IdpMetadata },
  ) {
    const row = await this.row(tenantId, id);
    await this.write(tenantId, id, row.protocol, await this.changes(tenantId, row.protocol, input, metadata));
    return this.get(tenantId, id);
  }

  async remove(tenantId: string, id: string): Promise<void> {
    const row = await this.row(tenantId, id);
    await this.db.query(`DELETE FROM ${tableOf(row.protocol)} WHERE id = $1 AND tenant_id = $2`, [
      id,
      tenantId,
    ]);
  }

  /** Metadata XML given by the administrator. */
  fromMetadata(xml: string): IdpMetadata {
    return parseIdpMetadata(xml);
  }

  /** Metadata fetched from the identity provider's address (SSRF-guarded, 10 s, 1 MB). */
  async fromMetadataUrl(url: string): Promise<IdpMetadata> {
    let xml: string;
    try {
      xml = await this.deps.fetchText(url);
    } catch {
      throw contractError('SSO_METADATA_FETCH_FAILED');
    }
    return parseIdpMetadata(xml);
  }

  // Domains

  async addDomain(tenantId: string, id: string, domain: string) {
    const row = await this.row(tenantId, id);
    const { rows } = await this.db.query<{ id: string; domain: string; validated: boolean }>(
      `INSERT INTO sso_connection_domains (tenant_id, ${fkOf(row.protocol)}, domain) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING id, domain, validated`,
      [tenantId, id, domain],
    );
    if (!rows[0]) throw contractError('SSO_DOMAIN_EXISTS');
    return rows[0];
  }

  private async domainRow(tenantId: string, id: string, domainId: string) {
    const row = await this.row(tenantId, id);
    if (!UUID.test(domainId)) throw contractError('SSO_DOMAIN_NOT_FOUND');
    const { rows } = await this.db.query<{ id: string; domain: string; validated: boolean }>(
      `SELECT id, domain, validated FROM sso_connection_domains WHERE id = $1 AND ${fkOf(row.protocol)} = $2`,
      [domainId, id],
    );
    if (!rows[0]) throw contractError('SSO_DOMAIN_NOT_FOUND');
    return { row, domain: rows[0] };
  }

  async removeDomain(tenantId: string, id: string, domainId: string): Promise<void> {
    const { row } = await this.domainRow(tenantId, id, domainId);
    await this.db.query('DELETE FROM sso_connection_domains WHERE id = $1', [domainId]);
    await this.mirrorDomains(row);
  }

  /**
   * Looks up the domain's TXT records (Node's resolver, the configured servers) for the
   * connection's `generatedVerification`: found, the domain is validated and routes sign-ins.
   */
  async validateDomain(tenantId: string, id: string, domainId: string) {
    const { row, domain } = await this.domainRow(tenantId, id, domainId);
    const expected = row.verification ?? '';
    const resolver = new Resolver({ timeout: 3000, tries: 2 });
    if (this.deps.dnsServers.length) resolver.setServers(this.deps.dnsServers);
    let records: string[][];
    try {
      records = await resolver.resolveTxt(domain.domain);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENODATA' || code === 'ENOTFOUND') throw contractError('SSO_TXT_RECORD_MISSING');
      throw contractError('SSO_DNS_FAILED');
    }
    if (!expected || !records.some((chunks) => chunks.join('').trim() === expected))
      throw contractError('SSO_TXT_RECORD_MISSING');
    const vendorRoute = await this.db.query('SELECT 1 FROM sso_domains WHERE domain = $1', [domain.domain]);
    if (vendorRoute.rows.length) throw contractError('SSO_DOMAIN_TAKEN');
    try {
      await this.db.query(
        'UPDATE sso_connection_domains SET validated = true, validated_at = now() WHERE id = $1',
        [domain.id],
      );
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw contractError('SSO_DOMAIN_TAKEN');
      throw error;
    }
    await this.mirrorDomains(row);
    return { ...domain, validated: true };
  }

  /** The connection's `domains` (read by the sign-in checks) = its validated domains. */
  private async mirrorDomains(row: ConnectionRow): Promise<void> {
    await this.db.query(
      `UPDATE ${tableOf(row.protocol)} SET domains = ARRAY(SELECT domain FROM sso_connection_domains
         WHERE ${fkOf(row.protocol)} = $1 AND validated ORDER BY domain), updated_at = now() WHERE id = $1`,
      [row.id],
    );
  }

  // Default roles and group mappings

  async defaultRoles(tenantId: string, id: string) {
    const row = await this.row(tenantId, id);
    return { roleIds: await this.roleIdsOfKeys(tenantId, row.default_role_keys) };
  }

  async setDefaultRoles(tenantId: string, id: string, roleIds: string[]) {
    await this.update(tenantId, id, { roleIds });
    return this.defaultRoles(tenantId, id);
  }

  async groups(tenantId: string, id: string) {
    const { rows } = await this.db.query<{ id: string; group: string; roleIds: string[] }>(
      `SELECT id, group_name AS "group", role_ids::text[] AS "roleIds" FROM sso_group_mappings
        WHERE tenant_id = $1 AND (saml_configuration_id = $2 OR sso_configuration_id = $2) ORDER BY created_at, id`,
      [tenantId, id],
    );
    return rows;
  }

  async addGroup(tenantId: string, id: string, group: string, roleIds: string[]) {
    const row = await this.row(tenantId, id);
    const ids = await this.checkRoleIds(tenantId, roleIds);
    const { rows } = await this.db.query<{ id: string; group: string; roleIds: string[] }>(
      `INSERT INTO sso_group_mappings (tenant_id, ${fkOf(row.protocol)}, group_name, role_ids) VALUES ($1, $2, $3, $4::uuid[])
       RETURNING id, group_name AS "group", role_ids::text[] AS "roleIds"`,
      [tenantId, id, group.trim(), ids],
    );
    return rows[0]!;
  }

  private async groupRow(tenantId: string, id: string, groupId: string) {
    await this.row(tenantId, id);
    if (!UUID.test(groupId)) throw contractError('SSO_GROUP_NOT_FOUND');
    const found = (await this.groups(tenantId, id)).find((g) => g.id === groupId);
    if (!found) throw contractError('SSO_GROUP_NOT_FOUND');
    return found;
  }

  async updateGroup(
    tenantId: string,
    id: string,
    groupId: string,
    input: { group?: string; roleIds?: string[] },
  ) {
    const found = await this.groupRow(tenantId, id, groupId);
    const ids = input.roleIds ? await this.checkRoleIds(tenantId, input.roleIds) : found.roleIds;
    const { rows } = await this.db.query<{ id: string; group: string; roleIds: string[] }>(
      `UPDATE sso_group_mappings SET group_name = $2, role_ids = $3::uuid[] WHERE id = $1
       RETURNING id, group_name AS "group", role_ids::text[] AS "roleIds"`,
      [groupId, input.group?.trim() ?? found.group, ids],
    );
    return rows[0]!;
  }

  async removeGroup(tenantId: string, id: string, groupId: string): Promise<void> {
    await this.groupRow(tenantId, id, groupId);
    await this.db.query('DELETE FROM sso_group_mappings WHERE id = $1', [groupId]);
  }
}

/**
 * Pre-login's route for an email domain through a tenant-managed connection: a validated domain
 * of an enabled connection with its identity provider's details. Null when there is none.
 */
export async function tenantSsoRoute(
  db: Database,
  domain: string,
): Promise<{ protocol: Protocol; key: string } | null> {
  const { rows } = await db.query<{ protocol: Protocol; key: string }>(
    `SELECT 'saml' AS protocol, c.key FROM sso_connection_domains d JOIN saml_configurations c ON c.id = d.saml_configuration_id
      WHERE d.domain = $1 AND d.validated AND c.active AND c.entry_point <> '' AND cardinality(c.idp_certificates) > 0
     UNION ALL
     SELECT 'oidc' AS protocol, c.key FROM sso_connection_domains d JOIN sso_configurations c ON c.id = d.sso_configuration_id
      WHERE d.domain = $1 AND d.validated AND c.active AND c.issuer <> '' AND c.client_id <> ''
     LIMIT 1`,
    [domain],
  );
  return rows[0] ?? null;
}

/**
 * The roles the identity provider's groups give, applied at every sign-in through the connection:
 * the roles of the mappings whose group the user was asserted in are added; the roles of the other
 * mappings are taken away, unless a matched mapping or the connection's default roles give them.
 */
export async function applyGroupMappings(
  db: Database,
  input: {
    userId: string;
    tenantId: string;
    connectionId: string;
    groups: readonly string[];
    defaultRoleKeys: readonly string[];
  },
): Promise<void> {
  const { rows: mappings } = await db.query<{ group_name: string; role_ids: string[] }>(
    `SELECT group_name, role_ids::text[] AS role_ids FROM sso_group_mappings
      WHERE tenant_id = $1 AND (saml_configuration_id = $2 OR sso_configuration_id = $2)`,
    [input.tenantId, input.connectionId],
  );
  if (!mappings.length) return;
  const asserted = new Set(input.groups.map((g) => g.trim().toLowerCase()));
  const given = new Set(
    mappings.filter((m) => asserted.has(m.group_name.toLowerCase())).flatMap((m) => m.role_ids),
  );
  const managed = new Set(mappings.flatMap((m) => m.role_ids));
  const { rows: defaults } = await db.query<{ id: string }>(
    `SELECT r.id FROM roles r WHERE r.key = ANY($1::text[]) AND (r.tenant_id IS NULL OR r.tenant_id = $2)`,
    [input.defaultRoleKeys, input.tenantId],
  );
  for (const d of defaults) given.add(d.id);
  const taken = [...managed].filter((id) => !given.has(id));
  const membership = (
    await db.query<{ id: string }>('SELECT id FROM memberships WHERE user_id = $1 AND tenant_id = $2', [
      input.userId,
      input.tenantId,
    ])
  ).rows[0];
  if (!membership) return;
  const mappedGiven = [...given].filter((id) => managed.has(id));
  if (taken.length)
    await db.query('DELETE FROM membership_roles WHERE membership_id = $1 AND role_id = ANY($2::uuid[])', [
      membership.id,
      taken,
    ]);
  if (mappedGiven.length)
    await db.query(
      `INSERT INTO membership_roles (membership_id, role_id)
       SELECT $1, r.id FROM roles r WHERE r.id = ANY($2::uuid[]) ON CONFLICT DO NOTHING`,
      [membership.id, mappedGiven],
    );
}
