/**
 * Editing an existing API token (issue 28 item 15): its description, and an account token's roles.
 * The secret, the owner and the expiry stay as they were. Written once over ports: the server's
 * SQL (server/storage/api-tokens.ts) and the demo's stored tokens (core/demo/apiTokens.ts). The
 * roles follow the rule of creation: roles the account offers, whose permissions the editor holds.
 */
import { contractError } from '../contract/errors';

export interface ApiTokenChanges {
  description?: string;
  roleIds?: string[];
}

interface ApiTokenEditPorts<Token> {
  /** Whether the owner (the caller, or the account for account tokens) has a token of this id. */
  exists(id: string): Promise<boolean>;
  /** How many of these role ids the account offers. */
  knownRoles(roleIds: string[]): Promise<number>;
  /** Refuses (GRANT_NOT_HELD) roles with a permission the editor does not hold. */
  assertMayGrant(roleIds: string[]): Promise<void>;
  /** Writes the changes given (roleIds replaces the token's roles) and answers the token. */
  update(id: string, changes: ApiTokenChanges): Promise<Token>;
}

export async function editApiToken<Token>(
  ports: ApiTokenEditPorts<Token>,
  id: string,
  body: ApiTokenChanges,
): Promise<Token> {
  if (!(await ports.exists(id))) throw contractError('API_TOKEN_NOT_FOUND');
  const { roleIds } = body;
  if (roleIds?.length) {
    if ((await ports.knownRoles(roleIds)) !== roleIds.length) throw contractError('ROLES_UNKNOWN');
    await ports.assertMayGrant(roleIds);
  }
  return ports.update(id, { description: body.description?.trim(), roleIds });
}
