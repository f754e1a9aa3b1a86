/**
 * A tenant's directory (SCIM) configurations as the portal manages them (the client SDK's
 * `directory` calls; spec 001 §3 "Directory (SCIM) configuration: id plus user count; source enum:
 * frontegg, okta, azure-ad, other"), written once for the server and demo mode: the rules and the
 * repository over `Tables` (`scim_configurations`, server/storage/schema/scim.ts).
 *
 * Each configuration has one bearer token for the SCIM endpoints (server/routes/scim.ts), made at
 * creation and shown then only: `scim_<configuration id, 32 hex>_<32 random bytes, base64url>`.
 * Both stores keep its SHA-256 only (`scimTokenHash`), which the server's SCIM endpoints check
 * (server/domain/directory.ts). The members and groups a configuration manages are those the
 * endpoints provisioned (their `scimConfigurationId`; demo mode, which has no endpoint, has none).
 */
import type { CreatedScimConfiguration, ScimConfiguration, ScimSource } from '../api/directory';
import { GROUPS } from './group-token-tables';
import { MEMBERSHIPS } from './membership-tables';
import { col, nullable, stamp, table, type RowClock, type RowOf, type Tables } from './tables';
import { randomUuid } from './random-secrets';

/** A new configuration as the rules make it (the store adds its creation time). */
export type NewScimConfiguration = Pick<
  ScimConfiguration,
  'id' | 'connectionName' | 'source' | 'syncToUserManagement'
>;

export interface DirectoryPorts {
  /** The account's configurations, oldest first. */
  list(tenantId: string): Promise<ScimConfiguration[]>;
  /** Stores a new configuration made by `createdBy`, and what checks its token; the stored configuration. */
  insert(
    tenantId: string,
    configuration: NewScimConfiguration,
    token: string,
    createdBy: string,
  ): Promise<ScimConfiguration>;
  /** Changes `syncToUserManagement` when given; false when the account has no such configuration. */
  update(tenantId: string, id: string, syncToUserManagement: boolean | undefined): Promise<boolean>;
  /** Deletes it (its token stops working at once); false when the account has no such configuration. */
  remove(tenantId: string, id: string): Promise<boolean>;
  /** How many of the account's members it manages; null for an unknown configuration. */
  countUsers(tenantId: string, id: string): Promise<number | null>;
}

export const SCIM_CONFIGURATIONS = table('scim_configurations', {
  id: col.uuid,
  tenantId: col.uuid,
  connectionName: col.text(),
  source: col.text<ScimSource>(),
  syncToUserManagement: col.bool,
  tokenHash: col.text(),
  createdBy: nullable(col.uuid),
  createdAt: col.timestamptz,
  updatedAt: col.timestamptz,
  lastSync: nullable(col.timestamptz),
});

const configurationOf = (row: RowOf<typeof SCIM_CONFIGURATIONS>): ScimConfiguration => ({
  id: row.id,
  connectionName: row.connectionName,
  source: row.source,
  syncToUserManagement: row.syncToUserManagement,
  createdAt: row.createdAt,
  lastSync: row.lastSync,
});

/** The directory's ports over `tables`; a token is stored as `scimTokenHash(token)`, never as is. */
export function directoryRepository(tables: Tables, clock: RowClock): DirectoryPorts {
  const configurations = tables.of(SCIM_CONFIGURATIONS);
  return {
    list: async (tenantId) =>
      (await configurations.rows({ where: { tenantId }, orderBy: [{ by: 'createdAt' }, { by: 'id' }] })).map(
        configurationOf,
      ),
    async insert(tenantId, c, token, createdBy) {
      const at = stamp(clock.now());
      const row = await configurations.insert({
        ...c,
        tenantId,
        tokenHash: await scimTokenHash(token),
        createdBy,
        createdAt: at,
        updatedAt: at,
        lastSync: null,
      });
      return configurationOf(row);
    },
    async update(tenantId, id, syncToUserManagement) {
      const changes = {
        ...(syncToUserManagement === undefined ? {} : { syncToUserManagement }),
        updatedAt: stamp(clock.now()),
      };
      return (await configurations.update({ tenantId, id }, changes)).length > 0;
    },
    // The members and groups it managed stay in the account, managed in the portal again: the
    // schema's ON DELETE SET NULL clears their configuration, and its groups are handed back to the
    // portal first, in the same transaction.
    remove: (tenantId, id) =>
      tables.transaction(async (tx) => {
        const released = { managedBy: 'frontegg' as const, scimConfigurationId: null };
        await tx.of(GROUPS).update({ tenantId, scimConfigurationId: id }, released);
        return (await tx.of(SCIM_CONFIGURATIONS).remove({ tenantId, id })).length > 0;
      }),
    countUsers: async (tenantId, id) =>
      (await configurations.row({ tenantId, id }))
        ? tables.of(MEMBERSHIPS).count({ where: { tenantId, scimConfigurationId: id } })
        : null,
  };
}

/** The name a configuration gets when none is given. */
const SOURCE_NAMES: Record<ScimSource, string> = {
  frontegg: 'SCIM',
  okta: 'Okta',
  'azure-ad': 'Azure AD',
  other: 'SCIM',
};

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** What a store keeps of a SCIM token: the SHA-256 (hex) of `scim-token:<token>` (WebCrypto). */
export async function scimTokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`scim-token:${token}`));
  return hex(new Uint8Array(digest));
}

/** A configuration's token: its id (32 hex) and 32 random bytes in base64url. */
function scimToken(id: string): string {
  const secret = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `scim_${id.replace(/-/g, '')}_${secret}`;
}

/** Creates a configuration and its token; the token is answered here and never again. */
export async function createScimConfiguration(
  ports: DirectoryPorts,
  tenantId: string,
  input: {
    source: ScimSource;
    connectionName?: string | undefined;
    syncToUserManagement?: boolean | undefined;
  },
  createdBy: string,
): Promise<CreatedScimConfiguration> {
  const id = randomUuid();
  const token = scimToken(id);
  const configuration = await ports.insert(
    tenantId,
    {
      id,
      connectionName: input.connectionName?.trim() || SOURCE_NAMES[input.source],
      source: input.source,
      syncToUserManagement: input.syncToUserManagement ?? true,
    },
    token,
    createdBy,
  );
  return { ...configuration, token };
}
