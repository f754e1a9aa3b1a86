/**
 * Custom login per account (issue 28 item 2): a sign-in page opened as `{loginUrl}?loginAlias=acme`
 * makes the kit send the alias as the `frontegg-login-alias` header (the client SDK's
 * `tenantResolver`), and the sign-in follows that account: its sign-in methods in the public reads
 * of the methods, the session opened in it, its MFA policy and methods checked at the gate. Rules
 * here, over a port written once over the tables (`loginAliasesOver`: the server's SQL tables, the
 * demo's stored ones).
 *
 * Choice: an alias that names no account with custom login on is refused (404), not ignored: a
 * person following an account's sign-in address expects that account's rules (its narrowed
 * methods), which a silent fallback to the application's would skip. A person who is not a member
 * of the account is refused after the password is proven (403), so the refusal tells a stranger
 * nothing about the account's members.
 */
import { contractError } from '../contract/errors';
import { LOGIN_ALIAS_PATTERN } from '../tenants/rules';
import { MEMBERSHIPS } from './membership-tables';
import type { Tables } from './tables';
import { accountOfAliasIn } from './tenant-tables';

/** The header the client SDK and the kit send (core/api/http.ts). */
export const LOGIN_ALIAS_HEADER = 'frontegg-login-alias';

export interface LoginAliasPort {
  /** The account whose custom login is on with this alias (compared lower-case), or null. */
  accountOfAlias(alias: string): Promise<string | null>;
  /** Whether the user is an active member (not only invited) of the account. */
  isMember(tenantId: string, userId: string): Promise<boolean>;
}

/** The port over `tables`: the accounts' rows, their joined members (a pending invitee is not one). */
export const loginAliasesOver = (tables: Tables): LoginAliasPort => ({
  accountOfAlias: (alias) => accountOfAliasIn(tables, alias),
  isMember: async (tenantId, userId) =>
    (await tables.of(MEMBERSHIPS).row({ tenantId, userId, invitationPending: false })) !== null,
});

/** The header's value as sent (a string, the first of a repeated header), or undefined. */
export function aliasOfHeader(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  const alias = first?.trim();
  return alias ? alias : undefined;
}

/** The account a sign-in follows: null without an alias; LOGIN_ALIAS_UNKNOWN (404) for one that names none. */
export async function accountOfLoginAlias(
  port: LoginAliasPort,
  alias: string | undefined,
): Promise<string | null> {
  if (alias === undefined) return null;
  const key = alias.toLowerCase();
  const tenantId = LOGIN_ALIAS_PATTERN.test(key) ? await port.accountOfAlias(key) : null;
  if (!tenantId) throw contractError('LOGIN_ALIAS_UNKNOWN');
  return tenantId;
}

/** After the first factor: a person signing in at an account's address must be its member. */
export async function assertAliasMember(
  port: LoginAliasPort,
  tenantId: string,
  userId: string,
): Promise<void> {
  if (!(await port.isMember(tenantId, userId))) throw contractError('LOGIN_ALIAS_NOT_MEMBER');
}
