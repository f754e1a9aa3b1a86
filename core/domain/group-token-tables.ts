/**
 * The tables of an account's groups and API tokens, as the SQL schema declares them
 * (server/storage/schema/roles-groups-tokens.ts, client-contract.ts, gaps.ts): their repositories
 * are core/domain/group-store.ts and api-token-store.ts; demo mode's other readers of these rows
 * (core/demo/teamRows.ts) load this module alone, not the repositories, with its first chunk.
 */
import type { ApiTokenType, TokenKind } from './api-tokens';
import type { GroupConfiguration } from './groups';
import { table } from './tables';

export interface GroupRow {
  id: string;
  tenantId: string;
  name: string;
  color: string | null;
  description: string | null;
  metadata: Record<string, unknown>;
  managedBy: 'frontegg' | 'scim2';
  createdAt: string;
  updatedAt: string;
}

export const GROUPS = table<GroupRow>(
  'groups',
  {
    id: 'uuid',
    tenantId: 'uuid',
    name: 'text',
    color: 'text',
    description: 'text',
    metadata: 'jsonb',
    managedBy: 'text',
    createdAt: 'timestamptz',
    updatedAt: 'timestamptz',
  },
  () => [
    [GROUP_ROLES, 'groupId'],
    [GROUP_MEMBERS, 'groupId'],
  ],
);

/** A role a group gives its members. */
export const GROUP_ROLES = table<{ groupId: string; roleId: string }>('group_roles', {
  groupId: 'uuid',
  roleId: 'uuid',
});

/** A member of a group, by their membership of the account (leaving the account leaves its groups). */
export const GROUP_MEMBERS = table<{ groupId: string; membershipId: string }>('group_members', {
  groupId: 'uuid',
  membershipId: 'uuid',
});

/** An account's group configuration; no row: both on. */
export const GROUP_CONFIGURATIONS = table<GroupConfiguration & { tenantId: string; updatedAt: string }>(
  'group_configurations',
  { tenantId: 'uuid', enabled: 'bool', rolesEnabled: 'bool', updatedAt: 'timestamptz' },
);

export interface ApiTokenRow {
  id: string;
  type: ApiTokenType;
  kind: TokenKind;
  tenantId: string;
  /** A personal token's owner (null: the account's). */
  userId: string | null;
  createdByUserId: string | null;
  /** What storage keeps to recognise the secret (the server's hash; demo mode keeps none). */
  secretHash: string;
  description: string;
  expiresInMinutes: number | null;
  expiresAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

export const API_TOKENS = table<ApiTokenRow>(
  'api_tokens',
  {
    id: 'uuid',
    type: 'text',
    kind: 'text',
    tenantId: 'uuid',
    userId: 'uuid',
    createdByUserId: 'uuid',
    secretHash: 'text',
    description: 'text',
    expiresInMinutes: 'int',
    expiresAt: 'timestamptz',
    lastUsedAt: 'timestamptz',
    createdAt: 'timestamptz',
  },
  () => [[API_TOKEN_ROLES, 'tokenId']],
);

/** A role an account token carries. */
export const API_TOKEN_ROLES = table<{ tokenId: string; roleId: string }>('api_token_roles', {
  tokenId: 'uuid',
  roleId: 'uuid',
});
