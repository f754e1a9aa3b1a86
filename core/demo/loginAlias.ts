/**
 * Custom login per account in demo mode (core/domain/login-alias.ts, the same rules as the
 * server): the login-alias header the kit sends for a page opened at `?loginAlias=` makes the
 * public sign-in methods the account's, and a password sign-in land in that account, for its
 * members only; an alias that names no account with custom login on is 404. The port reads the
 * accounts' rows, as the server's (core/domain/tenant-tables.ts), and the demo's memberships.
 */
import { aliasOfHeader, LOGIN_ALIAS_HEADER, type LoginAliasPort } from '../domain/login-alias';
import { accountOfAliasIn } from '../domain/tenant-tables';
import { joinedMember, type DemoDatabase } from './data';
import { memoryTables } from './tables';

/** The login-alias header of a request the kit sent to the demo transport. */
export const loginAliasOf = (headers: HeadersInit | undefined) =>
  aliasOfHeader(new Headers(headers).get(LOGIN_ALIAS_HEADER) ?? undefined);

export function demoLoginAliases(db: DemoDatabase): LoginAliasPort {
  return {
    accountOfAlias: (alias) => accountOfAliasIn(memoryTables((db.tables ??= {})), alias),
    // A joined member of the account (a pending invitee is not), as the server's memberships.
    isMember: async (tenantId, userId) => !!joinedMember(db, tenantId, userId),
  };
}
