/**
 * The SSO connections' repository (core/domain/sso-connections.ts `SsoConnectionRepository`) over
 * the statements of storage/sso-config.ts: a connection's id is its row id, its key `t-{id}`;
 * default roles are stored as role keys (the sign-in code's) and read as ids; a change of the
 * domains updates the connection's `domains` column (its validated ones, read at sign-in).
 */
import type {
  SsoChanges,
  SsoConnectionRecord,
  SsoConnectionRepository,
  SsoProtocol,
} from '../../core/domain/sso-connections';
import type { Database } from './database';
import { ssoConnectionStore, type SsoConnectionDetails, type SsoConnectionRow } from './sso-config';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The columns of each change, by protocol (names from this fixed list, never from input). */
const COLUMNS: Record<SsoProtocol, Partial<Record<keyof SsoChanges, string>>> = {
  saml: {
    enabled: 'active',
    roleKeys: 'default_role_keys',
    type: 'provider_type',
    ssoEndpoint: 'entry_point',
    idpEntityId: 'idp_issuer',
    certificates: 'idp_certificates',
    metadataUrl: 'metadata_url',
    signRequest: 'sign_requests',
  },
  oidc: {
    enabled: 'active',
    roleKeys: 'default_role_keys',
    ssoEndpoint: 'issuer',
    oidcClientId: 'client_id',
    sealedSecret: 'client_secret_encrypted',
  },
};

const recordOf = (row: SsoConnectionRow, details: SsoConnectionDetails): SsoConnectionRecord => ({
  id: row.id,
  key: row.key,
  protocol: row.protocol,
  enabled: row.active,
  type: row.provider_type,
  generatedVerification: row.verification ?? '',
  ssoEndpoint: row.endpoint,
  publicCertificate: row.certificates[0] ?? '',
  signRequest: row.sign_requests,
  idpEntityId: row.idp_issuer ?? '',
  metadataUrl: row.metadata_url ?? '',
  oidcClientId: row.client_id,
  hasOidcSecret: row.has_secret,
  domains: details.domains,
  roleIds: details.roleIds,
  groups: details.groups,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** The repository of tenant-managed connections; new ones return to these callbacks and redirect URIs. */
export function ssoConnectionRepository(
  db: Database,
  addresses: { samlCallbacks: string[]; oidcRedirects: string[] },
): SsoConnectionRepository {
  const store = ssoConnectionStore(db);
  return {
    async list(tenantId) {
      return (await store.listDetailed(tenantId)).map((row) => recordOf(row, row));
    },
    async find(tenantId, id) {
      const row = UUID.test(id) ? await store.find(tenantId, id) : undefined;
      if (!row) return undefined;
      const [domains, groups, roleIds] = await Promise.all([
        store.domains(row),
        store.groups(tenantId, row.id),
        row.default_role_keys.length ? store.roleIdsOfKeys(tenantId, row.default_role_keys) : [],
      ]);
      return recordOf(row, { domains, groups, roleIds });
    },
    async rolesOfIds(tenantId, ids) {
      return ids.every((id) => UUID.test(id)) ? store.rolesOfIds(tenantId, ids) : [];
    },
    async insert(tenantId, { protocol, type, verification, roleKeys }) {
      return protocol === 'saml'
        ? store.insertSaml(tenantId, { type, verification, roleKeys, callbacks: addresses.samlCallbacks })
        : store.insertOidc(tenantId, { verification, roleKeys, redirects: addresses.oidcRedirects });
    },
    async update(tenantId, id, protocol, changes) {
      const sets = Object.entries(changes).flatMap(([field, value]): Array<[string, unknown]> => {
        const column = COLUMNS[protocol][field as keyof SsoChanges];
        return column && value !== undefined ? [[column, value]] : [];
      });
      await store.update(tenantId, id, protocol, sets);
    },
    async remove(tenantId, c) {
      await store.remove(tenantId, c.id, c.protocol);
    },
    addDomain: (tenantId, c, domain) => store.insertDomain(tenantId, c, domain),
    async removeDomain(c, domainId) {
      await store.removeDomain(domainId);
      await store.mirrorDomains(c);
    },
    async markValidated(c, domain) {
      if (await store.vendorRoutes(domain.domain)) return false;
      if (!(await store.markValidated(domain.id))) return false;
      await store.mirrorDomains(c);
      return true;
    },
    addGroup: (tenantId, c, group, roleIds) => store.insertGroup(tenantId, c, group, roleIds),
    updateGroup: (groupId, group, roleIds) => store.updateGroup(groupId, group, roleIds),
    removeGroup: (groupId) => store.removeGroup(groupId),
  };
}
