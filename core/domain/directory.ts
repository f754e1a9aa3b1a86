/**
 * A tenant's directory (SCIM) configurations as the portal manages them (the client SDK's
 * `directory` calls; spec 001 §3 "Directory (SCIM) configuration: id plus user count; source enum:
 * frontegg, okta, azure-ad, other"), written once for the server (SQL: server/storage/directory.ts)
 * and demo mode (the page's storage: core/demo/directory.ts) over `DirectoryPorts`.
 *
 * Each configuration has one bearer token for the SCIM endpoints (server/routes/scim.ts), made at
 * creation and shown then only: `scim_<configuration id, 32 hex>_<32 random bytes, base64url>`.
 * What a store keeps of it is the store's (the server its SHA-256, server/domain/directory.ts;
 * demo mode, which has no SCIM endpoint, nothing).
 */
import type { CreatedScimConfiguration, ScimConfiguration, ScimSource } from '../api/directory';

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

/** The name a configuration gets when none is given. */
const SOURCE_NAMES: Record<ScimSource, string> = {
  frontegg: 'SCIM',
  okta: 'Okta',
  'azure-ad': 'Azure AD',
  other: 'SCIM',
};

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** A random (version 4) UUID, from WebCrypto's random values (no secure context needed). */
function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
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
