/**
 * API tokens and access tokens (spec 001 §3 "API token", §6, §7): a user's own (personal) tokens, or
 * the account's, listed, created, edited and deleted. Written once over ports for the server
 * (server/routes/api-tokens.ts over server/domain/api-tokens.ts and the SQL of
 * server/storage/api-tokens.ts) and demo mode (core/demo/apiTokens.ts over its stored tokens).
 *
 * - The secret is 32 random bytes (base64url), shown once at creation; an access token's starts
 *   with `fat_` (it is itself the bearer). Storage keeps what it needs to recognise it (the server
 *   a hash; demo mode nothing: its tokens are not used).
 * - `expiresInMinutes` null or absent: the token never expires.
 * - An account token carries roles the account offers, whose permissions its maker (or editor)
 *   holds (core/domain/grants.ts): a token never has more than its maker.
 * - A token does not make tokens (a leaked secret would outlive its own deletion); none is made
 *   while the vendor has API tokens turned off.
 * - An edit changes the description and an account token's roles; the secret, owner and expiry stay.
 */
import { contractError } from '../contract/errors';
import { assertHoldsAll } from './grants';

/**
 * The `sid` of access tokens exchanged from API tokens (`api-token:{token id}`): no login session
 * is behind them, and their holder is a program, not a signed-in person.
 */
export const API_TOKEN_SESSION = 'api-token:';

/**
 * Whether these access-token claims come from an API-token exchange. Such a caller may use the API,
 * but not make what would outlive the token's deletion (other tokens, impersonation sessions) nor
 * act as a signed-in person (server/http/bearer.ts requireSignedInUser, the demo's dispatch).
 */
export const isApiTokenAccess = (claims: { sid?: unknown }): boolean =>
  typeof claims.sid === 'string' && claims.sid.startsWith(API_TOKEN_SESSION);

export type ApiTokenType = 'user' | 'tenant';
/**
 * `api`: client id and secret, exchanged for a short-lived access token. `access`: the client SDK's
 * access tokens, whose secret is itself the bearer of every call.
 */
export type TokenKind = 'api' | 'access';

/** A stored token (never its secret). */
export interface ApiTokenRecord {
  id: string;
  type: ApiTokenType;
  tenantId: string;
  createdByUserId: string | null;
  description: string;
  /** Minutes of validity asked at creation; null: never expires. */
  expiresInMinutes: number | null;
  /** ISO 8601; null: never. */
  expires: string | null;
  lastUsedAt: string | null;
  createdAt: string;
  /** Account tokens' roles (personal tokens act with their owner's). */
  roleIds: string[];
}

/** An API token as the client SDK reads it (the client id is the token's id, the public half). */
const apiTokenDto = (token: ApiTokenRecord) => ({
  id: token.id,
  tokenId: token.id,
  clientId: token.id,
  description: token.description,
  type: token.type,
  tenantId: token.tenantId,
  createdAt: token.createdAt,
  createdByUserId: token.createdByUserId,
  expiresInMinutes: token.expiresInMinutes,
  expires: token.expires,
  lastUsedAt: token.lastUsedAt,
  ...(token.type === 'tenant' ? { roleIds: token.roleIds } : {}),
});

/** An access token as the client reads it (IAccessTokensData): no client id, it has none. */
function accessTokenDto(token: ApiTokenRecord) {
  const { tokenId: _tokenId, clientId: _clientId, ...rest } = apiTokenDto(token);
  return rest;
}

const dtoOf = (kind: TokenKind) => (kind === 'api' ? apiTokenDto : accessTokenDto);

/** What an access token's secret starts with (the bearer check tells it from a JWT by its form). */
const ACCESS_TOKEN_PREFIX = 'fat_';

/** A new secret: 32 random bytes in base64url (43 characters), after `fat_` for an access token. */
function newSecret(kind: TokenKind): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const base64 = btoa(String.fromCharCode(...bytes));
  const url = base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${kind === 'access' ? ACCESS_TOKEN_PREFIX : ''}${url}`;
}

export interface ApiTokenChanges {
  description?: string;
  roleIds?: string[];
}

/** Storage of one owner's tokens of one kind (a user's own personal tokens, or the account's). */
export interface ApiTokenRepository {
  /** Newest first. */
  list(): Promise<ApiTokenRecord[]>;
  find(id: string): Promise<ApiTokenRecord | null>;
  /** Stores a token (roles for an account token only); `secret` is what storage may keep a hash of. */
  insert(input: {
    description: string;
    expiresInMinutes: number | null;
    roleIds: string[];
    secret: string;
  }): Promise<ApiTokenRecord>;
  /** Writes the changes given (roleIds replaces an account token's roles). */
  update(id: string, changes: ApiTokenChanges): Promise<void>;
  /** false when the owner has no token of that id. */
  remove(id: string): Promise<boolean>;
}

export interface ApiTokenPorts extends ApiTokenRepository {
  /** Whether the vendor has API tokens turned on. */
  enabled(): Promise<boolean>;
  /** Which of these ids are roles the account offers, and the permission keys they grant. */
  roleGrants(roleIds: string[]): Promise<{ known: string[]; keys: Iterable<string> }>;
}

/** Who asks: the permissions they hold, and whether they call with an API token's access. */
interface TokenCaller {
  held: readonly string[];
  byApiToken: boolean;
}

/** ROLES_UNKNOWN unless every id is a role of the account; GRANT_NOT_HELD unless `held` covers them. */
async function assertMayGrant(ports: ApiTokenPorts, held: readonly string[], roleIds: string[]) {
  if (!roleIds.length) return;
  const { known, keys } = await ports.roleGrants(roleIds);
  if (known.length !== roleIds.length) throw contractError('ROLES_UNKNOWN');
  assertHoldsAll(held, keys);
}

/** The owner's tokens, newest first: API tokens as an array, access tokens as `{ accessTokens }`. */
export async function listTokens(ports: ApiTokenRepository, kind: TokenKind) {
  const tokens = (await ports.list()).map(dtoOf(kind));
  return kind === 'api' ? tokens : { accessTokens: tokens };
}

/** A new token, answered with its secret (which no later call shows). */
export async function createToken(
  ports: ApiTokenPorts,
  caller: TokenCaller,
  kind: TokenKind,
  body: { description: string; expiresInMinutes?: number | null; roleIds?: string[] },
) {
  if (caller.byApiToken) throw contractError('API_TOKENS_CANNOT_CREATE');
  if (!(await ports.enabled())) throw contractError('API_TOKENS_DISABLED');
  const roleIds = body.roleIds ?? [];
  await assertMayGrant(ports, caller.held, roleIds);
  const secret = newSecret(kind);
  const token = await ports.insert({
    description: body.description.trim(),
    expiresInMinutes: body.expiresInMinutes ?? null,
    roleIds,
    secret,
  });
  return { ...dtoOf(kind)(token), secret };
}

export async function deleteToken(ports: ApiTokenRepository, kind: TokenKind, id: string): Promise<void> {
  if (!(await ports.remove(id)))
    throw contractError(kind === 'api' ? 'API_TOKEN_NOT_FOUND' : 'ACCESS_TOKEN_NOT_FOUND');
}

/** Edits one of the owner's API tokens (issue 28 item 15): roles follow the rule of creation. */
export async function editApiToken(
  ports: ApiTokenPorts,
  held: readonly string[],
  id: string,
  body: ApiTokenChanges,
) {
  if (!(await ports.find(id))) throw contractError('API_TOKEN_NOT_FOUND');
  const { roleIds } = body;
  if (roleIds) await assertMayGrant(ports, held, roleIds);
  await ports.update(id, { description: body.description?.trim(), roleIds });
  return apiTokenDto((await ports.find(id))!);
}
