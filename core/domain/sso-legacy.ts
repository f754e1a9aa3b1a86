/**
 * The client SDK's legacy single-connection SSO calls (`@frontegg/rest-api` auth.getSamlConfiguration,
 * updateSamlConfiguration, getSamlVendorConfiguration, updateSamlVendorMetadata, validateSamlDomain,
 * getSamlRoles, updateSamlRoles, getSamlRolesGroups, createSamlGroup, updateSamlGroup,
 * deleteSamlGroup, getOidcConfiguration, and metadata.getSamlMetadata), as a view of the account's
 * SSO connections, written once for the reference server and demo mode (core/domain/sso-handlers.ts):
 * every read and write goes through SsoConnections
 * (core/domain/sso-connections.ts), so the rules, checks, messages and storage are the multi-SSO
 * calls' own (docs/sso.md "The legacy single-connection calls").
 *
 * Which connection (choices, docs/sso.md):
 * - The legacy SAML configuration is the account's **oldest SAML connection** (types saml, okta,
 *   azure, google; by creation time, then id). None: reads answer `{ enabled: false }` (empty role
 *   and group lists), and the first write creates one, disabled unless `enabled: true` is sent
 *   (spec 001 §5 "New SSO config: enabled defaults to false").
 * - Its `domain` is the connection's first domain (by creation time); `validated` that domain's.
 *   Sending another domain replaces the connection's domains with it (not validated), and, when the
 *   connection had a domain, resets ssoEndpoint and publicCertificate to empty and signRequest to
 *   false (spec 001 §5 "If the domain changes, ssoEndpoint and publicCertificate reset to empty and
 *   signRequest to false"), whatever the same request sends for them.
 * - `isSamlActive` (and the SAML metadata entity's `isActive`): the connection routes sign-ins now,
 *   i.e. it is enabled, has a validated domain, its SSO address and a certificate.
 * - getOidcConfiguration reads the account's oldest OIDC connection: `active` is whether it is
 *   enabled (false when there is none), `redirectUri` the redirect URI to register at the provider.
 *   OIDC connections are changed with the multi-SSO calls only (updateSamlConfiguration is SAML).
 */
import { legacySamlMetadata, legacySamlView, type LegacyConnection } from '../contract/ssoLegacy';
import { contractError } from '../contract/errors';
import { parseDomain } from './security-policies';
import { legacySamlChanges } from './sso-config';
import type { SsoConfigInput, SsoConnectionDto, SsoConnections } from './sso-connections';

type Connection = SsoConnectionDto;
/** A connection as the legacy answers read it (its type is one the schemas let in). */
const legacy = (c: Connection | null) => c as LegacyConnection | null;

/** The fields of the client's IUpdateSamlConfiguration this server acts on (the rest are its own). */
export interface LegacySamlInput {
  enabled?: boolean;
  type?: 'saml' | 'okta' | 'azure' | 'google';
  ssoEndpoint?: string;
  publicCertificate?: string;
  signRequest?: boolean;
}

export class LegacySso {
  constructor(
    private readonly configs: SsoConnections,
    /** The vendor an account belongs to (the SAML metadata entity names it). */
    private readonly vendorOf: (tenantId: string) => Promise<string>,
  ) {}

  /** The legacy SAML configuration's connection (the oldest SAML one), or null. */
  async samlConnection(tenantId: string): Promise<Connection | null> {
    return (await this.configs.list(tenantId)).find((c) => c.type !== 'oidc') ?? null;
  }

  /** The client's ISamlConfiguration of a connection; `{ enabled: false }` for none. */
  view(c: Connection | null) {
    return legacySamlView(legacy(c));
  }

  async get(tenantId: string) {
    return this.view(await this.samlConnection(tenantId));
  }

  /**
   * updateSamlConfiguration: the fields sent, checked by the multi-SSO rules before anything is
   * written; `domain` as described above (DOMAIN_INVALID when it is not a domain name).
   */
  async update(tenantId: string, body: LegacySamlInput & { domain?: string }) {
    const { domain: sent, ...input } = body;
    const domain = sent === undefined ? undefined : parseDomain(sent);
    if (domain === null) throw contractError('DOMAIN_INVALID', { value: String(sent).slice(0, 64) });
    const current = await this.samlConnection(tenantId);
    const previous = current?.domains[0]?.domain;
    const changes: SsoConfigInput = legacySamlChanges(
      {
        enabled: input.enabled,
        type: input.type,
        ssoEndpoint: input.ssoEndpoint,
        publicCertificate: input.publicCertificate,
        signRequest: input.signRequest,
      },
      domain,
      previous,
    );
    const saved = current
      ? await this.configs.update(tenantId, current.id, changes)
      : await this.configs.create(tenantId, { ...changes, type: input.type ?? 'saml' });
    if (domain !== undefined && domain !== previous) {
      for (const d of saved.domains) await this.configs.removeDomain(tenantId, saved.id, d.id);
      await this.configs.addDomain(tenantId, saved.id, domain);
    }
    return this.view(await this.configs.get(tenantId, saved.id));
  }

  /** updateSamlVendorMetadata: the IdP's metadata XML (parsed and refused before anything is written). */
  async updateMetadata(tenantId: string, xml: string) {
    const idp = this.configs.fromMetadata(xml);
    const current = await this.samlConnection(tenantId);
    const saved = current
      ? await this.configs.update(tenantId, current.id, {}, { idp })
      : await this.configs.create(tenantId, { type: 'saml' }, { idp });
    return this.view(saved);
  }

  /** validateSamlDomain: the DNS TXT lookup of the connection's domain (SsoConfigurations.validateDomain). */
  async validateDomain(tenantId: string) {
    const current = await this.samlConnection(tenantId);
    if (!current) throw contractError('SSO_CONFIGURATION_NOT_FOUND');
    const domain = current.domains[0];
    if (!domain) throw contractError('SSO_DOMAIN_NOT_FOUND');
    await this.configs.validateDomain(tenantId, current.id, domain.id);
    return this.view(await this.configs.get(tenantId, current.id));
  }

  /** getSamlVendorConfiguration: our ACS URL and entity ID for the connection (404 before there is one). */
  async vendorConfiguration(tenantId: string) {
    const current = await this.samlConnection(tenantId);
    if (!current) throw contractError('SSO_ACS_NOT_FOUND');
    return { acsUrl: current.acsUrl, spEntityId: current.spEntityId };
  }

  // Default roles and group mappings (role ids already checked and allowed by the route).

  async defaultRoles(tenantId: string): Promise<string[]> {
    return (await this.samlConnection(tenantId))?.roleIds ?? [];
  }

  async setDefaultRoles(tenantId: string, roleIds: string[]): Promise<string[]> {
    const current = await this.samlConnection(tenantId);
    if (!current) return (await this.configs.create(tenantId, { type: 'saml', roleIds })).roleIds;
    return (await this.configs.setDefaultRoles(tenantId, current.id, roleIds)).roleIds;
  }

  async groups(tenantId: string) {
    const current = await this.samlConnection(tenantId);
    return current ? this.configs.groups(tenantId, current.id) : [];
  }

  async addGroup(tenantId: string, group: string, roleIds: string[]) {
    const current =
      (await this.samlConnection(tenantId)) ?? (await this.configs.create(tenantId, { type: 'saml' }));
    return this.configs.addGroup(tenantId, current.id, group, roleIds);
  }

  private async connectionOfGroup(tenantId: string): Promise<Connection> {
    const current = await this.samlConnection(tenantId);
    if (!current) throw contractError('SSO_GROUP_NOT_FOUND');
    return current;
  }

  async updateGroup(tenantId: string, groupId: string, input: { group?: string; roleIds?: string[] }) {
    const current = await this.connectionOfGroup(tenantId);
    return this.configs.updateGroup(tenantId, current.id, groupId, input);
  }

  async removeGroup(tenantId: string, groupId: string): Promise<void> {
    const current = await this.connectionOfGroup(tenantId);
    await this.configs.removeGroup(tenantId, current.id, groupId);
  }

  /** getOidcConfiguration: the oldest OIDC connection's state and the redirect URI to register. */
  async oidc(tenantId: string) {
    const oidc = (await this.configs.list(tenantId)).find((c) => c.type === 'oidc');
    return { active: oidc?.enabled ?? false, redirectUri: oidc?.acsUrl || this.configs.oidcRedirectUri };
  }

  /**
   * The SAML entity of GET /metadata (the client's ISamlMetadata): the service provider the account's
   * identity provider talks to, i.e. the legacy connection's ACS URL and entity ID, `isActive` when
   * it routes sign-ins. No rows before the account has a SAML connection (the client then throws
   * "metadata not found: saml", as it does for a vendor without one).
   */
  async samlMetadata(tenantId: string) {
    const current = await this.samlConnection(tenantId);
    if (!current) return legacySamlMetadata(null, '');
    return legacySamlMetadata(legacy(current), await this.vendorOf(tenantId));
  }
}
