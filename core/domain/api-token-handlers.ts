/**
 * The API-token and access-token routes (core/contract/routes/tokens.ts), written once for the
 * server and demo mode (core/domain/handlers.ts): a user's own tokens and the account's, listed,
 * created, edited (API tokens) and deleted. The rules are core/domain/api-tokens.ts. Using a token
 * (its exchange, the bearer check) is the server's alone.
 */
import {
  createToken,
  deleteToken,
  editApiToken,
  listTokens,
  type ApiTokenChanges,
  type ApiTokenPorts,
  type ApiTokenType,
  type TokenKind,
} from './api-tokens';
import { answer, type AreaHandler, type AreaHandlers } from './handlers';

export interface ApiTokenHandlerPorts {
  /** The caller's permissions in the account: what a token they make or edit may carry. */
  held: readonly string[];
  /** Whether the caller calls with an API token's access (a token does not make tokens). */
  byApiToken: boolean;
  /** Storage of one owner's tokens of one kind: a user's own, or the account's. */
  tokens(owner: { type: ApiTokenType; kind: TokenKind; tenantId: string; userId: string }): ApiTokenPorts;
}

type Handler = AreaHandler<ApiTokenHandlerPorts>;
type CreateBody = Parameters<typeof createToken>[3];

/** List, create, edit and delete of the caller's (`user`) or their account's (`tenant`) tokens of a kind. */
function tokenHandlers(type: ApiTokenType, kind: TokenKind) {
  const store = (p: ApiTokenHandlerPorts, call: { tenantId: string; userId: string }) =>
    p.tokens({ type, kind, tenantId: call.tenantId, userId: call.userId });
  const list: Handler = async (p, call) => answer(await listTokens(store(p, call), kind));
  const create: Handler = async (p, call) => {
    const caller = { held: p.held, byApiToken: p.byApiToken };
    return answer(await createToken(store(p, call), caller, kind, call.body as unknown as CreateBody), 201);
  };
  const edit: Handler = async (p, call) =>
    answer(await editApiToken(store(p, call), p.held, call.params.id!, call.body as ApiTokenChanges));
  const remove: Handler = async (p, call) => {
    await deleteToken(store(p, call), kind, call.params.id!);
    return answer({});
  };
  return { list, create, edit, remove };
}

const userApi = tokenHandlers('user', 'api');
const tenantApi = tokenHandlers('tenant', 'api');
const userAccess = tokenHandlers('user', 'access');
const tenantAccess = tokenHandlers('tenant', 'access');

export const API_TOKEN_HANDLERS: AreaHandlers<ApiTokenHandlerPorts> = {
  getUsersApiTokens: userApi.list,
  postUsersApiTokens: userApi.create,
  patchUsersApiTokensById: userApi.edit,
  deleteUsersApiTokensById: userApi.remove,
  getTenantsApiTokens: tenantApi.list,
  // The client SDK creates account tokens at v2 (auth.updateTenantApiTokensData): v1's handler.
  postTenantsApiTokensV1: tenantApi.create,
  postTenantsApiTokensV2: tenantApi.create,
  patchTenantsApiTokensById: tenantApi.edit,
  deleteTenantsApiTokensById: tenantApi.remove,
  getUsersAccessTokens: userAccess.list,
  postUsersAccessTokens: userAccess.create,
  deleteUsersAccessTokensById: userAccess.remove,
  getTenantsAccessTokens: tenantAccess.list,
  postTenantsAccessTokens: tenantAccess.create,
  deleteTenantsAccessTokensById: tenantAccess.remove,
};
