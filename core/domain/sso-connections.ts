/**
 * The SSO connections' use cases (issue 16; spec 001 §3 "SSO multi", §5 save rules, §6 default
 * roles and group mappings), written once for the reference server and demo mode over the ports
 * below: `SsoConnectionRepository` (written once over the tables port in sso-repository.ts:
 * SQL on the server, the page's storage in demo mode) and `SsoServices`, what only the server does for real (DNS TXT lookup,
 * fetching a metadata address, sealing an OIDC secret, a SAML signing key) and demo mode samples
 * (docs/sso.md). A refusal is a `contractError` of the catalogue, thrown before anything is
 * written. The field rules are core/domain/sso-config.ts, the metadata's sso-metadata.ts.
 */
import type { SsoDomain, SsoGroup } from '../api/ssoConfig';
import { contractError } from '../contract/errors';
import { toBase64Url } from './base64url';
import { parseDomain } from './security-policies';
import { checkSsoFields, checkSsoKind } from './sso-config';
import { idpMetadataOf, type IdpMetadata, type ReadMetadata } from './sso-metadata';

export type SsoProtocol = 'saml' | 'oidc';

/** A stored connection as the repository reads it (its role ids are the default roles'). */
export interface SsoConnectionRecord {
  id: string;
  /** Names the connection in the sign-in addresses (`t-{id}`). */
  key: string;
  protocol: SsoProtocol;
  enabled: boolean;
  type: string;
  generatedVerification: string;
  ssoEndpoint: string;
  publicCertificate: string;
  signRequest: boolean;
  idpEntityId: string;
  metadataUrl: string;
  oidcClientId: string;
  hasOidcSecret: boolean;
  domains: SsoDomain[];
  roleIds: string[];
  groups: SsoGroup[];
  createdAt: string;
  updatedAt: string;
}

/** What a create or update changes (only the fields of the connection's protocol). */
export interface SsoChanges {
  enabled?: boolean;
  type?: string;
  ssoEndpoint?: string;
  idpEntityId?: string | null;
  certificates?: string[];
  metadataUrl?: string | null;
  signRequest?: boolean;
  oidcClientId?: string;
  sealedSecret?: string;
  roleKeys?: string[];
}

export interface SsoConnectionRepository {
  /** The account's connections, oldest first. */
  list(tenantId: string): Promise<SsoConnectionRecord[]>;
  find(tenantId: string, id: string): Promise<SsoConnectionRecord | undefined>;
  /** The assignable roles of the account among these ids (an id that is none is left out). */
  rolesOfIds(tenantId: string, ids: string[]): Promise<Array<{ id: string; key: string }>>;
  /** A new connection, disabled; its id. */
  insert(
    tenantId: string,
    fields: { protocol: SsoProtocol; type: string; verification: string; roleKeys: string[] },
  ): Promise<string>;
  update(tenantId: string, id: string, protocol: SsoProtocol, changes: SsoChanges): Promise<void>;
  remove(tenantId: string, c: SsoConnectionRecord): Promise<void>;
  /** The domain added, or undefined when the connection has it already. */
  addDomain(tenantId: string, c: SsoConnectionRecord, domain: string): Promise<SsoDomain | undefined>;
  removeDomain(c: SsoConnectionRecord, domainId: string): Promise<void>;
  /** Marks the domain validated; false when another connection (or the vendor) routes it already. */
  markValidated(c: SsoConnectionRecord, domain: SsoDomain): Promise<boolean>;
  addGroup(tenantId: string, c: SsoConnectionRecord, group: string, roleIds: string[]): Promise<SsoGroup>;
  updateGroup(groupId: string, group: string, roleIds: string[]): Promise<SsoGroup>;
  removeGroup(groupId: string): Promise<void>;
}

export interface SsoServices {
  /** Reads metadata XML with the side's parser. */
  readMetadata(xml: string): ReadMetadata;
  /** The metadata XML published at an address; null when it cannot be fetched. */
  fetchMetadata(url: string): Promise<string | null>;
  /** Whether the domain's TXT records hold `expected` ('failed': the lookup failed). */
  verifyTxt(domain: string, expected: string): Promise<'found' | 'missing' | 'failed'>;
  /** An OIDC client secret as stored. */
  sealSecret(secret: string): string;
  /** Whether SAML requests can be signed (signRequest needs a key). */
  canSignRequests: boolean;
  /** `{…}/sso/saml/{key}`: the SAML entity ID is `…/metadata`, the ACS `…/acs`. */
  samlBase(key: string): string;
  /** The redirect URI OIDC connections register at their provider (the kit's OIDC callback). */
  oidcRedirect: string;
}

/**
 * What tenant SSO connections need of a backend (core/domain/platform.ts `sso`): what only it can
 * do (`services`), and the kit's callbacks a new SAML connection returns to and the redirect URIs
 * of a new OIDC one.
 */
export interface SsoBackend {
  services: SsoServices;
  samlCallbacks: string[];
  oidcRedirects: string[];
}

/**
 * Where tenant-managed connections point: the SAML service provider's addresses under the API's
 * base (`{issuer}{prefix}`; `samlBase(key)`: entity ID `…/metadata`, ACS `…/acs`), and the kit's
 * callbacks at each of the app's origins.
 */
export function ssoAddresses(apiBase: string, origins: string[]) {
  return {
    samlBase: (key: string) => `${apiBase}/identity/resources/auth/v1/sso/saml/${key}`,
    samlCallbacks: origins.map((origin) => `${origin}/account/saml/callback`),
    oidcRedirects: origins.map((origin) => `${origin}/account/oidc/callback`),
  };
}

/** What only a backend does for its SSO connections (the addresses' part aside). */
export type OwnSsoServices = Omit<SsoServices, 'samlBase' | 'oidcRedirect'>;

/** A backend's `sso` at its addresses (`ssoAddresses`), with what only it does. */
export const ssoBackendAt = (
  addresses: ReturnType<typeof ssoAddresses>,
  own: OwnSsoServices,
): SsoBackend => ({
  samlCallbacks: addresses.samlCallbacks,
  oidcRedirects: addresses.oidcRedirects,
  services: { ...own, samlBase: addresses.samlBase, oidcRedirect: addresses.oidcRedirects[0] ?? '' },
});

/** The fields an administrator sends (the client's IUpdateSSOConfiguration, plus `idpEntityId`). */
export interface SsoConfigInput {
  enabled?: boolean;
  type?: string;
  ssoEndpoint?: string;
  publicCertificate?: string;
  signRequest?: boolean;
  oidcClientId?: string;
  oidcSecret?: string;
  idpEntityId?: string;
  roleIds?: string[];
  skipEmailDomainValidation?: boolean;
}

/** Metadata a create or update takes the IdP's details from (with the address it was fetched at). */
interface SsoMetadataSource {
  idp: IdpMetadata;
  url?: string;
}

const VERIFICATION_PREFIX = 'auth-elements-sso=';
const protocolOf = (type: string): SsoProtocol => (type === 'oidc' ? 'oidc' : 'saml');

/** A connection in the client's shape (ISSOConfiguration). */
export function ssoConnectionDto(
  c: SsoConnectionRecord,
  services: Pick<SsoServices, 'samlBase' | 'oidcRedirect'>,
) {
  const base = services.samlBase(c.key);
  return {
    id: c.id,
    enabled: c.enabled,
    type: c.type,
    generatedVerification: c.generatedVerification,
    ssoEndpoint: c.ssoEndpoint,
    publicCertificate: c.publicCertificate,
    signRequest: c.signRequest,
    acsUrl: c.protocol === 'saml' ? `${base}/acs` : services.oidcRedirect,
    spEntityId: c.protocol === 'saml' ? `${base}/metadata` : '',
    idpEntityId: c.idpEntityId,
    metadataUrl: c.metadataUrl,
    oidcClientId: c.oidcClientId,
    oidcSecret: '',
    hasOidcSecret: c.hasOidcSecret,
    domains: c.domains,
    roleIds: c.roleIds,
    groups: c.groups,
    skipEmailDomainValidation: false,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}
export type SsoConnectionDto = ReturnType<typeof ssoConnectionDto>;

/** One side's SSO connections: every use case of the multi-SSO calls. */
export class SsoConnections {
  constructor(
    private readonly repo: SsoConnectionRepository,
    private readonly services: SsoServices,
  ) {}

  get oidcRedirectUri(): string {
    return this.services.oidcRedirect;
  }

  private dto = (c: SsoConnectionRecord) => ssoConnectionDto(c, this.services);

  async list(tenantId: string): Promise<SsoConnectionDto[]> {
    return (await this.repo.list(tenantId)).map(this.dto);
  }

  private async record(tenantId: string, id: string): Promise<SsoConnectionRecord> {
    const found = await this.repo.find(tenantId, id);
    if (!found) throw contractError('SSO_CONFIGURATION_NOT_FOUND');
    return found;
  }

  async get(tenantId: string, id: string): Promise<SsoConnectionDto> {
    return this.dto(await this.record(tenantId, id));
  }

  /** Role ids (assignable in the account) to their keys, deduplicated; ROLES_UNKNOWN for an id that is not one. */
  private async roleKeysOfIds(tenantId: string, roleIds: readonly string[]): Promise<string[]> {
    const ids = [...new Set(roleIds.filter((id) => id !== ''))];
    if (!ids.length) return [];
    const found = await this.repo.rolesOfIds(tenantId, ids);
    if (found.length !== ids.length) throw contractError('ROLES_UNKNOWN');
    return found.map((r) => r.key);
  }

  /** Ids that are assignable roles of the account (ROLES_UNKNOWN otherwise), deduplicated. */
  async checkRoleIds(tenantId: string, roleIds: readonly string[]): Promise<string[]> {
    await this.roleKeysOfIds(tenantId, roleIds);
    return [...new Set(roleIds.filter((id) => id !== ''))];
  }

  /**
   * The changes of an input, checked before anything is written (a refused create leaves no
   * connection behind): the roles, the protocol, then the fields (core/domain/sso-config.ts).
   */
  private async changes(
    tenantId: string,
    protocol: SsoProtocol,
    input: SsoConfigInput,
    metadata?: SsoMetadataSource,
  ): Promise<SsoChanges> {
    const roleKeys =
      input.roleIds === undefined ? undefined : await this.roleKeysOfIds(tenantId, input.roleIds);
    checkSsoKind(protocol, input);
    const checked = checkSsoFields(protocol, input, this.services.canSignRequests);
    const changes: SsoChanges = {};
    if (input.enabled !== undefined) changes.enabled = input.enabled;
    if (roleKeys !== undefined) changes.roleKeys = roleKeys;
    if (protocol === 'oidc') {
      if (checked.ssoEndpoint !== undefined) changes.ssoEndpoint = checked.ssoEndpoint;
      if (input.oidcClientId !== undefined) changes.oidcClientId = input.oidcClientId.trim();
      if (input.oidcSecret) changes.sealedSecret = this.services.sealSecret(input.oidcSecret);
      return changes;
    }
    if (input.type) changes.type = input.type;
    if (metadata) {
      changes.ssoEndpoint = metadata.idp.ssoEndpoint;
      changes.idpEntityId = metadata.idp.entityId;
      changes.certificates = metadata.idp.certificates;
      changes.metadataUrl = metadata.url ?? null;
    } else {
      if (checked.ssoEndpoint !== undefined) changes.ssoEndpoint = checked.ssoEndpoint;
      if (input.idpEntityId !== undefined) changes.idpEntityId = input.idpEntityId.trim() || null;
      if (checked.publicCertificate !== undefined)
        changes.certificates = checked.publicCertificate ? [checked.publicCertificate] : [];
    }
    if (input.signRequest !== undefined) changes.signRequest = input.signRequest;
    return changes;
  }

  /** A new connection (disabled unless `enabled` is sent true: spec 001 §5 "enabled defaults to false"). */
  async create(tenantId: string, input: SsoConfigInput, metadata?: SsoMetadataSource) {
    const type = input.type ?? 'saml';
    const protocol = protocolOf(type);
    const roleKeys = await this.roleKeysOfIds(tenantId, input.roleIds ?? []);
    const changes = await this.changes(
      tenantId,
      protocol,
      { ...input, roleIds: undefined, type: undefined },
      metadata,
    );
    // The TXT record's random part: 18 random bytes, base64url.
    const random = toBase64Url(crypto.getRandomValues(new Uint8Array(18)));
    const verification = `${VERIFICATION_PREFIX}${random}`;
    const id = await this.repo.insert(tenantId, { protocol, type, verification, roleKeys });
    await this.repo.update(tenantId, id, protocol, changes);
    return this.get(tenantId, id);
  }

  /** Partial update (PATCH); metadata replaces the SSO address, entity ID and certificates. */
  async update(tenantId: string, id: string, input: SsoConfigInput, metadata?: SsoMetadataSource) {
    const c = await this.record(tenantId, id);
    await this.repo.update(
      tenantId,
      id,
      c.protocol,
      await this.changes(tenantId, c.protocol, input, metadata),
    );
    return this.get(tenantId, id);
  }

  async remove(tenantId: string, id: string): Promise<void> {
    await this.repo.remove(tenantId, await this.record(tenantId, id));
  }

  /** The IdP's details from metadata XML the administrator gives. */
  fromMetadata(xml: string): IdpMetadata {
    return idpMetadataOf(xml, (text) => this.services.readMetadata(text));
  }

  /** The IdP's details from the metadata published at `url`. */
  async fromMetadataUrl(url: string): Promise<SsoMetadataSource> {
    const xml = await this.services.fetchMetadata(url);
    if (xml === null) throw contractError('SSO_METADATA_FETCH_FAILED');
    return { idp: this.fromMetadata(xml), url };
  }

  // Domains

  /** Adds a domain (DOMAIN_INVALID before the connection is looked up, as the route checks it). */
  async addDomain(tenantId: string, id: string, sent: string): Promise<SsoDomain> {
    const domain = parseDomain(sent);
    if (!domain) throw contractError('DOMAIN_INVALID', { value: sent.slice(0, 64) });
    const c = await this.record(tenantId, id);
    const added = await this.repo.addDomain(tenantId, c, domain);
    if (!added) throw contractError('SSO_DOMAIN_EXISTS');
    return added;
  }

  private async domainOf(tenantId: string, id: string, domainId: string) {
    const c = await this.record(tenantId, id);
    const domain = c.domains.find((d) => d.id === domainId);
    if (!domain) throw contractError('SSO_DOMAIN_NOT_FOUND');
    return { c, domain };
  }

  async removeDomain(tenantId: string, id: string, domainId: string): Promise<void> {
    const { c } = await this.domainOf(tenantId, id, domainId);
    await this.repo.removeDomain(c, domainId);
  }

  /** The domain's TXT records must hold the connection's `generatedVerification`; then it routes sign-ins. */
  async validateDomain(tenantId: string, id: string, domainId: string): Promise<SsoDomain> {
    const { c, domain } = await this.domainOf(tenantId, id, domainId);
    const found = await this.services.verifyTxt(domain.domain, c.generatedVerification);
    if (found === 'failed') throw contractError('SSO_DNS_FAILED');
    if (found === 'missing' || !c.generatedVerification) throw contractError('SSO_TXT_RECORD_MISSING');
    if (!(await this.repo.markValidated(c, domain))) throw contractError('SSO_DOMAIN_TAKEN');
    return { ...domain, validated: true };
  }

  // Default roles and group mappings

  async defaultRoles(tenantId: string, id: string): Promise<{ roleIds: string[] }> {
    return { roleIds: (await this.record(tenantId, id)).roleIds };
  }

  async setDefaultRoles(tenantId: string, id: string, roleIds: string[]) {
    await this.update(tenantId, id, { roleIds });
    return this.defaultRoles(tenantId, id);
  }

  async groups(tenantId: string, id: string): Promise<SsoGroup[]> {
    return (await this.record(tenantId, id)).groups;
  }

  async addGroup(tenantId: string, id: string, group: string, roleIds: string[]): Promise<SsoGroup> {
    const c = await this.record(tenantId, id);
    const ids = await this.checkRoleIds(tenantId, roleIds);
    return this.repo.addGroup(tenantId, c, group.trim(), ids);
  }

  private async groupOf(tenantId: string, id: string, groupId: string): Promise<SsoGroup> {
    const found = (await this.record(tenantId, id)).groups.find((g) => g.id === groupId);
    if (!found) throw contractError('SSO_GROUP_NOT_FOUND');
    return found;
  }

  async updateGroup(
    tenantId: string,
    id: string,
    groupId: string,
    input: { group?: string; roleIds?: string[] },
  ) {
    const found = await this.groupOf(tenantId, id, groupId);
    const ids = input.roleIds ? await this.checkRoleIds(tenantId, input.roleIds) : found.roleIds;
    return this.repo.updateGroup(groupId, input.group?.trim() ?? found.group, ids);
  }

  async removeGroup(tenantId: string, id: string, groupId: string): Promise<void> {
    await this.groupOf(tenantId, id, groupId);
    await this.repo.removeGroup(groupId);
  }
}
