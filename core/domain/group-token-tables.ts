/**
 * The tables of an account's groups and API tokens, as the SQL schema declares them
 * (server/storage/schema/roles-groups-tokens.ts, client-contract.ts, gaps.ts): their repositories
 * are core/domain/group-store.ts and api-token-store.ts; what a member holds through groups is read
 * by core/domain/member-grants.ts, which loads this module alone, not the repositories.
 */
import type { ApiTokenType, TokenKind } from './api-tokens';
import type { GroupConfiguration } from './groups';
import { col, nullable, table, type RowOf } from './tables';

export const GROUPS = table(
  'groups',
  {
    id: col.uuid,
    tenantId: col.uuid,
    name: col.text(),
    color: nullable(col.text()),
    description: nullable(col.text()),
    metadata: col.jsonb<Record<string, unknown>>(),
    managedBy: col.text<'frontegg' | 'scim2'>(),
    /** The directory (SCIM) configuration that manages the group (`managedBy` scim2), if any. */
    scimConfigurationId: nullable(col.uuid),
    createdAt: col.timestamptz,
    updatedAt: col.timestamptz,
  },
  () => [
    [GROUP_ROLES, 'groupId'],
    [GROUP_MEMBERS, 'groupId'],
  ],
);
export type GroupRow = RowOf<typeof GROUPS>;

/** A role a group gives its members. */
export const GROUP_ROLES = table('group_roles', { groupId: col.uuid, roleId: col.uuid });

/** A member of a group, by their membership of the account (leaving the account leaves its groups). */
export const GROUP_MEMBERS = table('group_members', { groupId: col.uuid, membershipId: col.uuid });

/** An account's group configuration; no row: both on. */
export const GROUP_CONFIGURATIONS = table<GroupConfiguration & { tenantId: string; updatedAt: string }>(
  'group_configurations',
  { tenantId: 'uuid', enabled: 'bool', rolesEnabled: 'bool', updatedAt: 'timestamptz' },
);

export const API_TOKENS = table(
  'api_tokens',
  {
    id: col.uuid,
    type: col.text<ApiTokenType>(),
    kind: col.text<TokenKind>(),
    tenantId: col.uuid,
    /** A personal token's owner (null: the account's). */
    userId: nullable(col.uuid),
    createdByUserId: nullable(col.uuid),
    /** What storage keeps to recognise the secret (the server's hash; demo mode keeps none). */
    secretHash: col.text(),
    description: col.text(),
    expiresInMinutes: nullable(col.int),
    expiresAt: nullable(col.timestamptz),
    lastUsedAt: nullable(col.timestamptz),
    createdAt: col.timestamptz,
  },
  () => [[API_TOKEN_ROLES, 'tokenId']],
);
export type ApiTokenRow = RowOf<typeof API_TOKENS>;

/** A role an account token carries. */
export const API_TOKEN_ROLES = table('api_token_roles', { tokenId: col.uuid, roleId: col.uuid });
