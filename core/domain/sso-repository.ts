/**
 * The SSO connections' repository (`SsoConnectionRepository`, core/domain/sso-connections.ts)
 * written once over the storage port (core/domain/tables.ts): the server's over SQL
 * (server/domain/sso-config.ts passes `sqlTables` to `ssoConnections`), demo mode's over its
 * stored data (core/demo/ssoConfig.ts passes `memoryTables`). The tables are the server's (storage/schema/saml.ts,
 * sso.ts, migration 24): a SAML connection (types saml, okta, azure, google) is a row of
 * `saml_configurations`, an OIDC one of `sso_configurations`, both `tenant_managed`, with their
 * domains (`sso_connection_domains`) and group mappings (`sso_group_mappings`).
 *
 * - A connection's id is its row id, its key `t-{id}` (a text column: looking a connection up by
 *   its key takes any id a caller sends, where the uuid column would refuse a malformed one).
 * - Default roles are stored as role keys (the sign-in code's) and read as ids, through `SsoRoles`
 *   (the roles area's table, `tableSsoRoles`).
 * - A change of the domains writes the connection's `domains` column (its validated domains),
 *   which the sign-in checks read.
 */
import type { SsoDomain, SsoGroup } from '../api/ssoConfig';
import {
  SsoConnections,
  type SsoChanges,
  type SsoConnectionRecord,
  type SsoConnectionRepository,
  type SsoProtocol,
  type SsoBackend,
} from './sso-connections';
import type { RoleRow } from './role-tables';
import { accountRoles } from './role-store';
import {
  col,
  not,
  nullable,
  oneOf,
  stamp,
  table,
  type Order,
  type RowClock,
  type RowOf,
  type Tables,
  type Where,
} from './tables';
import { isUuid } from './random-secrets';

const CONNECTION_COLUMNS = {
  id: col.uuid,
  key: col.text(),
  tenantId: col.uuid,
  tenantManaged: col.bool,
  active: col.bool,
  verification: nullable(col.text()),
  /** The validated domains, as the sign-in checks read them. */
  domains: col.textArray(),
  defaultRoleKeys: col.textArray(),
  createdAt: col.timestamptz,
  updatedAt: col.timestamptz,
};

/** A row of a connection's domains or group mappings: it belongs to one connection of either table. */
const OF_CONNECTION = {
  id: col.uuid,
  tenantId: col.uuid,
  samlConfigurationId: nullable(col.uuid),
  ssoConfigurationId: nullable(col.uuid),
  createdAt: col.timestamptz,
};
type OfConnection = RowOf<typeof SSO_DOMAINS> | RowOf<typeof SSO_GROUP_MAPPINGS>;

export const SSO_DOMAINS = table('sso_connection_domains', {
  ...OF_CONNECTION,
  domain: col.text(),
  validated: col.bool,
  validatedAt: nullable(col.timestamptz),
});
export const SSO_GROUP_MAPPINGS = table('sso_group_mappings', {
  ...OF_CONNECTION,
  groupName: col.text(),
  roleIds: col.uuidArray,
});

export const SAML_CONNECTIONS = table(
  'saml_configurations',
  {
    ...CONNECTION_COLUMNS,
    providerType: col.text(),
    entryPoint: col.text(),
    idpIssuer: nullable(col.text()),
    idpCertificates: col.textArray(),
    signRequests: col.bool,
    metadataUrl: nullable(col.text()),
    /** The kit's callbacks the identity provider's answer may return to. */
    callbackUrls: col.textArray(),
  },
  () => [
    [SSO_DOMAINS, 'samlConfigurationId'],
    [SSO_GROUP_MAPPINGS, 'samlConfigurationId'],
  ],
);

export const OIDC_CONNECTIONS = table(
  'sso_configurations',
  {
    ...CONNECTION_COLUMNS,
    protocol: col.text<'oidc'>(),
    issuer: col.text(),
    clientId: col.text(),
    clientSecretEncrypted: nullable(col.text()),
    redirectUris: col.textArray(),
  },
  () => [
    [SSO_DOMAINS, 'ssoConfigurationId'],
    [SSO_GROUP_MAPPINGS, 'ssoConfigurationId'],
  ],
);

/** The domains the vendor routes itself (its own SSO, not an account's connection). */
const VENDOR_DOMAINS = table('sso_domains', { domain: col.text() });

/** The roles a connection's default roles and group mappings name (the roles area's storage). */
interface SsoRoles {
  /** The assignable roles of the account among these ids (an id that is none is left out). */
  rolesOfIds(tenantId: string, ids: string[]): Promise<Array<{ id: string; key: string }>>;
  /** The assignable roles of the account with these keys, by name then id. */
  rolesOfKeys(tenantId: string, keys: string[]): Promise<Array<{ id: string; key: string }>>;
}

/** The roles the connections name: the account's (core/domain/role-store.ts), by name then id. */
function tableSsoRoles(tables: Tables): SsoRoles {
  const roles = async (tenantId: string, where: Where<RoleRow>) =>
    (await accountRoles(tables, tenantId, where, [{ by: 'name' }, { by: 'id' }])).map(({ id, key }) => ({
      id,
      key,
    }));
  return {
    // A malformed id is none (the uuid column would refuse it).
    rolesOfIds: async (tenantId, ids) =>
      ids.every((id) => isUuid(id)) ? roles(tenantId, { id: oneOf(ids) }) : [],
    rolesOfKeys: (tenantId, keys) => roles(tenantId, { key: oneOf(keys) }),
  };
}

interface SsoRepositoryDeps {
  /** A new row id (the server's a uuid). */
  newId(): string;
  now(): number;
  /** The kit's callbacks a new SAML connection returns to, and the redirect URIs of a new OIDC one. */
  samlCallbacks: string[];
  oidcRedirects: string[];
}

const OLDEST_FIRST: Array<Order<OfConnection>> = [{ by: 'createdAt' }, { by: 'id' }];

/** Oldest first (by creation time, then id), as each table is read. */
const byAge = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1;

/** The connection column each change is written to, by protocol (the rest are not that protocol's). */
const COLUMNS = {
  saml: {
    enabled: 'active',
    roleKeys: 'defaultRoleKeys',
    type: 'providerType',
    ssoEndpoint: 'entryPoint',
    idpEntityId: 'idpIssuer',
    certificates: 'idpCertificates',
    metadataUrl: 'metadataUrl',
    signRequest: 'signRequests',
  },
  oidc: {
    enabled: 'active',
    roleKeys: 'defaultRoleKeys',
    ssoEndpoint: 'issuer',
    oidcClientId: 'clientId',
    sealedSecret: 'clientSecretEncrypted',
  },
} satisfies Record<SsoProtocol, Partial<Record<keyof SsoChanges, string>>>;

/** A connection without what other tables hold (domains, group mappings, default roles' ids). */
type ConnectionFields = Omit<SsoConnectionRecord, 'domains' | 'groups' | 'roleIds'> & { roleKeys: string[] };

const samlFields = (row: RowOf<typeof SAML_CONNECTIONS>): ConnectionFields => ({
  id: row.id,
  key: row.key,
  protocol: 'saml',
  enabled: row.active,
  type: row.providerType,
  generatedVerification: row.verification ?? '',
  ssoEndpoint: row.entryPoint,
  publicCertificate: row.idpCertificates[0] ?? '',
  signRequest: row.signRequests,
  idpEntityId: row.idpIssuer ?? '',
  metadataUrl: row.metadataUrl ?? '',
  oidcClientId: '',
  hasOidcSecret: false,
  roleKeys: row.defaultRoleKeys,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

const oidcFields = (row: RowOf<typeof OIDC_CONNECTIONS>): ConnectionFields => ({
  id: row.id,
  key: row.key,
  protocol: 'oidc',
  enabled: row.active,
  type: 'oidc',
  generatedVerification: row.verification ?? '',
  ssoEndpoint: row.issuer,
  publicCertificate: '',
  signRequest: false,
  idpEntityId: '',
  metadataUrl: '',
  oidcClientId: row.clientId,
  hasOidcSecret: row.clientSecretEncrypted !== null,
  roleKeys: row.defaultRoleKeys,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** The column naming a row's connection. */
const ownerColumn = (protocol: SsoProtocol) =>
  protocol === 'saml' ? ('samlConfigurationId' as const) : ('ssoConfigurationId' as const);
/** A domain or group mapping's reference to `c` (the other table's column left unset). */
const ownedBy = (c: Pick<SsoConnectionRecord, 'protocol' | 'id'>) => ({
  samlConfigurationId: c.protocol === 'saml' ? c.id : null,
  ssoConfigurationId: c.protocol === 'oidc' ? c.id : null,
});
const ownerOf = (row: OfConnection) => row.samlConfigurationId ?? row.ssoConfigurationId;

const domainOf = ({ id, domain, validated }: RowOf<typeof SSO_DOMAINS>): SsoDomain => ({
  id,
  domain,
  validated,
});
const groupOf = ({ id, groupName, roleIds }: RowOf<typeof SSO_GROUP_MAPPINGS>): SsoGroup => ({
  id,
  group: groupName,
  roleIds,
});

/** The account's tenant-managed connections, oldest first, with their domains, mappings and roles. */
async function connectionsOf(
  tables: Tables,
  roles: SsoRoles,
  tenantId: string,
  where: { key?: string } = {},
): Promise<SsoConnectionRecord[]> {
  const mine = { tenantId, tenantManaged: true, ...where };
  const [saml, oidc] = await Promise.all([
    tables.of(SAML_CONNECTIONS).rows({ where: mine }),
    tables.of(OIDC_CONNECTIONS).rows({ where: mine }),
  ]);
  const found = [...saml.map(samlFields), ...oidc.map(oidcFields)].sort(byAge);
  if (!found.length) return [];
  // One read of each joined table for every connection listed (its rows of the account).
  const [first] = found as [ConnectionFields];
  const owned =
    where.key === undefined ? { tenantId } : { tenantId, [ownerColumn(first.protocol)]: first.id };
  const keys = [...new Set(found.flatMap((c) => c.roleKeys))];
  const [domains, groups, named] = await Promise.all([
    tables.of(SSO_DOMAINS).rows({ where: owned, orderBy: OLDEST_FIRST }),
    tables.of(SSO_GROUP_MAPPINGS).rows({ where: owned, orderBy: OLDEST_FIRST }),
    keys.length ? roles.rolesOfKeys(tenantId, keys) : [],
  ]);
  return found.map(({ roleKeys, ...c }) => ({
    ...c,
    domains: domains.filter((d) => ownerOf(d) === c.id).map(domainOf),
    roleIds: named.filter((r) => roleKeys.includes(r.key)).map((r) => r.id),
    groups: groups.filter((g) => ownerOf(g) === c.id).map(groupOf),
  }));
}

/** The connections' repository over `tables`. */
export function ssoConnectionRepository(tables: Tables, deps: SsoRepositoryDeps): SsoConnectionRepository {
  const { newId } = deps;
  const roles = tableSsoRoles(tables);
  const now = () => stamp(deps.now());
  const connections = (p: SsoProtocol) =>
    p === 'saml' ? tables.of(SAML_CONNECTIONS) : tables.of(OIDC_CONNECTIONS);

  /** Writes the connection's `domains` column: its validated domains, by name. */
  const mirrorDomains = async (tx: Tables, c: Pick<SsoConnectionRecord, 'protocol' | 'id'>) => {
    const validated = await tx
      .of(SSO_DOMAINS)
      .rows({ where: { [ownerColumn(c.protocol)]: c.id, validated: true }, orderBy: [{ by: 'domain' }] });
    const table = c.protocol === 'saml' ? tx.of(SAML_CONNECTIONS) : tx.of(OIDC_CONNECTIONS);
    await table.update({ id: c.id }, { domains: validated.map((d) => d.domain), updatedAt: now() });
  };

  return {
    list: (tenantId) => connectionsOf(tables, roles, tenantId),
    async find(tenantId, id) {
      return (await connectionsOf(tables, roles, tenantId, { key: `t-${id.toLowerCase()}` }))[0];
    },
    rolesOfIds: (tenantId, ids) => roles.rolesOfIds(tenantId, ids),
    async insert(tenantId, { protocol, type, verification, roleKeys }) {
      const id = newId();
      const at = now();
      const common = {
        id,
        key: `t-${id}`,
        tenantId,
        tenantManaged: true,
        active: false,
        verification,
        domains: [],
        defaultRoleKeys: roleKeys,
        createdAt: at,
        updatedAt: at,
      };
      if (protocol === 'saml')
        await tables.of(SAML_CONNECTIONS).insert({
          ...common,
          providerType: type,
          entryPoint: '',
          idpIssuer: null,
          idpCertificates: [],
          signRequests: false,
          metadataUrl: null,
          callbackUrls: deps.samlCallbacks,
        });
      else
        await tables.of(OIDC_CONNECTIONS).insert({
          ...common,
          protocol: 'oidc',
          issuer: '',
          clientId: '',
          clientSecretEncrypted: null,
          redirectUris: deps.oidcRedirects,
        });
      return id;
    },
    async update(tenantId, id, protocol, changes) {
      const columns: Record<string, string> = COLUMNS[protocol];
      const sets = Object.fromEntries(
        Object.entries(changes).flatMap(([field, value]) =>
          columns[field] && value !== undefined ? [[columns[field], value]] : [],
        ),
      );
      if (!Object.keys(sets).length) return;
      await connections(protocol).update({ id, tenantId }, { ...sets, updatedAt: now() });
    },
    // Its domains and group mappings go with it (the schema's cascade).
    remove: async (tenantId, c) => {
      await connections(c.protocol).remove({ id: c.id, tenantId });
    },
    // Once per connection (the server's unique index): one writer of the name at a time.
    addDomain: (tenantId, c, domain) =>
      tables.transaction(async (tx) => {
        const owner = { [ownerColumn(c.protocol)]: c.id };
        await tx.lock(`sso_connection_domains:${c.id}:${domain}`);
        if (await tx.of(SSO_DOMAINS).row({ ...owner, domain })) return undefined;
        const row = { id: newId(), tenantId, ...ownedBy(c), domain, validated: false };
        return domainOf(await tx.of(SSO_DOMAINS).insert({ ...row, validatedAt: null, createdAt: now() }));
      }),
    removeDomain: (c, domainId) =>
      tables.transaction(async (tx) => {
        await tx.of(SSO_DOMAINS).remove({ id: domainId });
        await mirrorDomains(tx, c);
      }),
    // Validated for one connection at a time (the server's unique index), never the vendor's own.
    markValidated: (c, domain) =>
      tables.transaction(async (tx) => {
        await tx.lock(`sso_connection_domains:validated:${domain.domain}`);
        if (await tx.of(VENDOR_DOMAINS).row({ domain: domain.domain })) return false;
        const taken = await tx
          .of(SSO_DOMAINS)
          .row({ domain: domain.domain, validated: true, id: not(domain.id) });
        if (taken) return false;
        await tx.of(SSO_DOMAINS).update({ id: domain.id }, { validated: true, validatedAt: now() });
        await mirrorDomains(tx, c);
        return true;
      }),
    async addGroup(tenantId, c, group, roleIds) {
      const row = { id: newId(), tenantId, ...ownedBy(c), groupName: group, roleIds, createdAt: now() };
      return groupOf(await tables.of(SSO_GROUP_MAPPINGS).insert(row));
    },
    async updateGroup(groupId, group, roleIds) {
      const [changed] = await tables
        .of(SSO_GROUP_MAPPINGS)
        .update({ id: groupId }, { groupName: group, roleIds });
      return groupOf(changed!);
    },
    async removeGroup(groupId) {
      await tables.of(SSO_GROUP_MAPPINGS).remove({ id: groupId });
    },
  };
}

/**
 * The SSO connections' use cases (core/domain/sso-connections.ts), assembled once for both
 * backends: the repository over `tables`, and what each backend has alone (DNS, fetching and
 * reading metadata, sealing secrets, its addresses).
 */
export const ssoConnections = (tables: Tables, clock: RowClock, { services, ...deps }: SsoBackend) =>
  new SsoConnections(ssoConnectionRepository(tables, { ...clock, ...deps }), services);
