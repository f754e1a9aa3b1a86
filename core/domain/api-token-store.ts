/**
 * API tokens and access tokens in storage, written once over the storage port
 * (core/domain/tables.ts): the repository of core/domain/api-tokens.ts for one owner and kind, for
 * the server (over `sqlTables`) and demo mode (over `memoryTables`);
 * server/storage/api-tokens.test.ts holds both to the same cases. Its tables are declared in
 * core/domain/group-token-tables.ts. Recognising a token when it is used
 * is the server's alone (server/storage/api-tokens.ts).
 */
import type {
  ApiTokenPorts,
  ApiTokenRecord,
  ApiTokenRepository,
  ApiTokenType,
  TokenKind,
} from './api-tokens';
import { API_TOKEN_ROLES, API_TOKENS, type ApiTokenRow } from './group-token-tables';
import { roleGrantsOver } from './role-store';
import { oneOf, stamp, type Tables, type Where, type RowClock } from './tables';
import type { Platform, PortsFor } from './platform';
import type { ApiTokenHandlerPorts } from './api-token-handlers';

/** One owner's tokens of one kind: a user's own personal ones, or the account's. */
interface ApiTokenOwner {
  type: ApiTokenType;
  tenantId: string;
  userId: string;
  /** Default `api`. */
  kind?: TokenKind;
}

/**
 * The repository of core/domain/api-tokens.ts for one owner and kind, over `tables`; `hash` makes
 * what is kept of a secret.
 */
export function apiTokenRepository(
  tables: Tables,
  owner: ApiTokenOwner,
  hash: (secret: string) => string,
  tools: RowClock,
): ApiTokenRepository {
  const { type, tenantId, userId } = owner;
  const kind = owner.kind ?? 'api';
  const owned: Where<ApiTokenRow> = { tenantId, type, kind, ...(type === 'user' ? { userId } : {}) };

  /** The tokens with their roles (ordered by id): one read of the roles, whatever the number. */
  async function recordsOf(t: Tables, tokens: ApiTokenRow[]): Promise<ApiTokenRecord[]> {
    const links = tokens.length
      ? await t.of(API_TOKEN_ROLES).rows({
          where: { tokenId: oneOf(tokens.map((token) => token.id)) },
          orderBy: [{ by: 'roleId' }],
        })
      : [];
    return tokens.map((token) => ({
      id: token.id,
      type: token.type,
      tenantId: token.tenantId,
      createdByUserId: token.createdByUserId,
      description: token.description,
      expiresInMinutes: token.expiresInMinutes,
      expires: token.expiresAt,
      lastUsedAt: token.lastUsedAt,
      createdAt: token.createdAt,
      roleIds: links.filter((l) => l.tokenId === token.id).map((l) => l.roleId),
    }));
  }
  const findIn = async (t: Tables, id: string) => {
    const token = await t.of(API_TOKENS).row({ ...owned, id });
    return token ? (await recordsOf(t, [token]))[0]! : null;
  };
  /** Gives the account token these roles. */
  const addRoles = async (t: Tables, tokenId: string, roleIds: string[]) => {
    for (const roleId of new Set(roleIds)) await t.of(API_TOKEN_ROLES).insert({ tokenId, roleId });
  };

  return {
    list: async () =>
      recordsOf(
        tables,
        await tables.of(API_TOKENS).rows({
          where: owned,
          orderBy: [{ by: 'createdAt', desc: true }, { by: 'id' }],
        }),
      ),
    find: (id) => findIn(tables, id),
    insert: (input) =>
      tables.transaction(async (t) => {
        const at = tools.now();
        const { expiresInMinutes } = input;
        const token = await t.of(API_TOKENS).insert({
          id: tools.newId(),
          type,
          kind,
          tenantId,
          userId: type === 'user' ? userId : null,
          createdByUserId: userId,
          secretHash: hash(input.secret),
          description: input.description,
          expiresInMinutes,
          expiresAt: expiresInMinutes === null ? null : stamp(at + expiresInMinutes * 60_000),
          lastUsedAt: null,
          createdAt: stamp(at),
        });
        if (type === 'tenant') await addRoles(t, token.id, input.roleIds);
        return (await recordsOf(t, [token]))[0]!;
      }),
    update: (id, changes) =>
      tables.transaction(async (t) => {
        // Writers of one token's roles take turns (each replaces them all).
        await t.lock(`api_tokens:${id}`);
        if (!(await t.of(API_TOKENS).row({ ...owned, id }))) return;
        if (changes.description !== undefined)
          await t.of(API_TOKENS).update({ id }, { description: changes.description });
        if (changes.roleIds && type === 'tenant') {
          await t.of(API_TOKEN_ROLES).remove({ tokenId: id });
          await addRoles(t, id, changes.roleIds);
        }
      }),
    remove: (id) =>
      tables.transaction(async (t) => {
        // Its role links go with it (the schema's cascade).
        return (await t.of(API_TOKENS).remove({ ...owned, id })).length > 0;
      }),
  };
}

/**
 * One owner's tokens' ports, assembled once for both backends: the repository over `tables`, what
 * the account's roles grant (an empty id is none), and what each backend has alone (what is kept of
 * a secret, the vendor's switch).
 */
const apiTokenPorts = (
  tables: Tables,
  clock: RowClock,
  owner: ApiTokenOwner,
  { hash, ...extras }: Pick<ApiTokenPorts, 'enabled'> & { hash(secret: string): string },
): ApiTokenPorts => ({
  ...apiTokenRepository(tables, owner, hash, clock),
  ...extras,
  roleGrants: (roleIds) =>
    roleGrantsOver(
      tables,
      owner.tenantId,
      roleIds.filter((id) => id !== ''),
    ),
});

/**
 * One owner's tokens of one kind on a backend: a token made or deleted is announced to the
 * account's webhooks, a creation with its write.
 */
export function apiTokensOn(platform: Platform, owner: ApiTokenOwner): ApiTokenPorts {
  const { tables, clock, emit } = platform;
  const repository = (on: Tables) =>
    apiTokenPorts(on, clock, owner, {
      hash: platform.apiTokenHash,
      enabled: async () => (await platform.vendor()).apiTokensEnabled,
    });
  const announce = (on: Tables, type: string, tokenId: string) =>
    emit(owner.tenantId, type, { tokenId, type: owner.type }, on);
  return {
    ...repository(tables),
    insert: (input) =>
      tables.transaction(async (tx) => {
        const token = await repository(tx).insert(input);
        await announce(tx, 'apiToken.created', token.id);
        return token;
      }),
    remove: async (id) => {
      const removed = await repository(tables).remove(id);
      if (removed) await announce(tables, 'apiToken.deleted', id);
      return removed;
    },
  };
}

/** The token routes' ports (core/domain/api-token-handlers.ts) for a caller. */
export const apiTokenAreaPorts: PortsFor<ApiTokenHandlerPorts> = (platform, caller) => ({
  held: caller.permissions,
  byApiToken: caller.byApiToken,
  tokens: (owner) => apiTokensOn(platform, owner),
});
