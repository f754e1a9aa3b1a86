/**
 * Custom login per account in demo mode (core/domain/login-alias.ts, the same rules and port as
 * the server's): the login-alias header the kit sends for a page opened at `?loginAlias=` makes the
 * public sign-in methods the account's, and a password sign-in land in that account, for its
 * members only; an alias that names no account with custom login on is 404.
 */
import { aliasOfHeader, LOGIN_ALIAS_HEADER } from '../domain/login-alias';

/** The login-alias header of a request the kit sent to the demo transport. */
export const loginAliasOf = (headers: HeadersInit | undefined) =>
  aliasOfHeader(new Headers(headers).get(LOGIN_ALIAS_HEADER) ?? undefined);
