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
import type { Database } from '../storage/database';
import {
  ssoConnectionStore,
  ssoGroupMappingStore,
  type SsoConnectionDetails,
  type SsoConnectionRow,
  type SsoProtocol,
} from '../storage/sso-config';
import { contractError } from '../../core/contract/errors';
import { checkSsoFields, checkSsoKind } from '../../core/domain/sso-config';
import { parseIdpMetadata, type IdpMetadata } from './sso-metadata';
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

type Protocol = SsoProtocol;
type ConnectionRow = SsoConnectionRow;

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

export class SsoConfigurations {
  private readonly store;

  constructor(private readonly deps: SsoConfigDeps) {
    this.store = ssoConnectionStore(deps.db);
  }

  /** The redirect URI OIDC connections register at their provider (the kit's OIDC callback). */
  get oidcRedirectUri(): string {
    return this.deps.addresses.oidcRedirects[0] ?? '';
  }

  /** Every connection of the tenant, oldest first, in the client's shape. */
  async list(tenantId: string) {
    return (await this.store.listDetailed(tenantId)).map((row) => this.dtoOf(row, row));
  }

  private async row(tenantId: string, id: string): Promise<ConnectionRow> {
    const row = UUID.test(id) ? await this.store.find(tenantId, id) : undefined;
    if (!row) throw contractError('SSO_CONFIGURATION_NOT_FOUND');
    return row;
  }

  async get(tenantId: string, id: string) {
    return this.toDto(await this.row(tenantId, id));
  }

  private async toDto(row: ConnectionRow) {
    const [domains, groups, roleIds] = await Promise.all([
      this.store.domains(row),
      this.groups(row.tenant_id, row.id),
      this.roleIdsOfKeys(row.tenant_id, row.default_role_keys),
    ]);
    return this.dtoOf(row, { domains, groups, roleIds });
  }

  /** A connection in the client's shape, from its row and details. */
  private dtoOf(row: ConnectionRow, { domains, groups, roleIds }: SsoConnectionDetails) {
    const base = this.deps.addresses.samlBase(row.key);
    return {
      id: row.id,
      enabled: row.active,
      type: row.provider_type as SsoProviderType,
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
      domains,
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
    const rows = await this.store.rolesOfIds(tenantId, ids);
    if (rows.length !== ids.length) throw contractError('ROLES_UNKNOWN');
    return rows.map((r) => r.key);
  }

  private async roleIdsOfKeys(tenantId: string, keys: readonly string[]): Promise<string[]> {
    return keys.length ? this.store.roleIdsOfKeys(tenantId, keys) : [];
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
    const { samlCallbacks: callbacks, oidcRedirects: redirects } = this.deps.addresses;
    const id =
      protocol === 'saml'
        ? await this.store.insertSaml(tenantId, { type, verification, roleKeys, callbacks })
        : await this.store.insertOidc(tenantId, { verification, roleKeys, redirects });
    await this.store.update(tenantId, id, protocol, sets);
    return this.get(tenantId, id);
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
    const sets: Array<[string, unknown]> = [];
    const set = (column: string, value: unknown) => sets.push([column, value]);
    checkSsoKind(protocol, input);
    if (input.enabled !== undefined) set('active', input.enabled);
    if (input.roleIds !== undefined)
      set('default_role_keys', await this.roleKeysOfIds(tenantId, input.roleIds));
    const checked = checkSsoFields(protocol, input, this.deps.canSignRequests);
    if (protocol === 'saml') {
      if (input.type) set('provider_type', input.type);
      if (metadata) {
        set('entry_point', metadata.idp.ssoEndpoint);
        set('idp_issuer', metadata.idp.entityId);
        set('idp_certificates', metadata.idp.certificates);
        set('metadata_url', metadata.url ?? null);
      } else {
        if (checked.ssoEndpoint !== undefined) set('entry_point', checked.ssoEndpoint);
        if (input.idpEntityId !== undefined) set('idp_issuer', input.idpEntityId.trim() || null);
        if (checked.publicCertificate !== undefined)
          set('idp_certificates', checked.publicCertificate ? [checked.publicCertificate] : []);
      }
      if (input.signRequest !== undefined) set('sign_requests', input.signRequest);
    } else {
      if (checked.ssoEndpoint !== undefined) set('issuer', checked.ssoEndpoint);
      if (input.oidcClientId !== undefined) set('client_id', input.oidcClientId.trim());
      if (input.oidcSecret) set('client_secret_encrypted', this.deps.secrets.seal(input.oidcSecret));
    }
    return sets;
  }

  /** Partial update (PATCH); metadata (XML or URL) replaces endpoint, entity ID and certificates. */
  async update(
    tenantId: string,
    id: string,
    input: SsoConfigInput,
    metadata?: { url?: string; idp: IdpMetadata },
  ) {
    const row = await this.row(tenantId, id);
    await this.store.update(
      tenantId,
      id,
      row.protocol,
      await this.changes(tenantId, row.protocol, input, metadata),
    );
    return this.get(tenantId, id);
  }

  async remove(tenantId: string, id: string): Promise<void> {
    const row = await this.row(tenantId, id);
    await this.store.remove(tenantId, id, row.protocol);
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
    const added = await this.store.insertDomain(tenantId, row, domain);
    if (!added) throw contractError('SSO_DOMAIN_EXISTS');
    return added;
  }

  private async domainRow(tenantId: string, id: string, domainId: string) {
    const row = await this.row(tenantId, id);
    const domain = UUID.test(domainId) ? await this.store.findDomain(row, domainId) : undefined;
    if (!domain) throw contractError('SSO_DOMAIN_NOT_FOUND');
    return { row, domain };
  }

  async removeDomain(tenantId: string, id: string, domainId: string): Promise<void> {
    const { row } = await this.domainRow(tenantId, id, domainId);
    await this.store.removeDomain(domainId);
    await this.store.mirrorDomains(row);
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
    if (await this.store.vendorRoutes(domain.domain)) throw contractError('SSO_DOMAIN_TAKEN');
    if (!(await this.store.markValidated(domain.id))) throw contractError('SSO_DOMAIN_TAKEN');
    await this.store.mirrorDomains(row);
    return { ...domain, validated: true };
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
    return this.store.groups(tenantId, id);
  }

  async addGroup(tenantId: string, id: string, group: string, roleIds: string[]) {
    const row = await this.row(tenantId, id);
    const ids = await this.checkRoleIds(tenantId, roleIds);
    return this.store.insertGroup(tenantId, row, group.trim(), ids);
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
    return this.store.updateGroup(groupId, input.group?.trim() ?? found.group, ids);
  }

  async removeGroup(tenantId: string, id: string, groupId: string): Promise<void> {
    await this.groupRow(tenantId, id, groupId);
    await this.store.removeGroup(groupId);
  }
}

/** Pre-login's route for an email domain through a tenant-managed connection (its SQL: storage/sso-config.ts). */
export { tenantSsoRoute } from '../storage/sso-config';

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
  const store = ssoGroupMappingStore(db);
  const mappings = await store.mappings(input.tenantId, input.connectionId);
  if (!mappings.length) return;
  const asserted = new Set(input.groups.map((g) => g.trim().toLowerCase()));
  const given = new Set(
    mappings.filter((m) => asserted.has(m.group_name.toLowerCase())).flatMap((m) => m.role_ids),
  );
  const managed = new Set(mappings.flatMap((m) => m.role_ids));
  for (const id of await store.roleIdsOfKeys(input.defaultRoleKeys, input.tenantId)) given.add(id);
  const taken = [...managed].filter((id) => !given.has(id));
  const membership = await store.membershipId(input.userId, input.tenantId);
  if (!membership) return;
  const mappedGiven = [...given].filter((id) => managed.has(id));
  if (taken.length) await store.takeRoles(membership, taken);
  if (mappedGiven.length) await store.giveRoles(membership, mappedGiven);
}
