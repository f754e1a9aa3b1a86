/**
 * Custom login per account (spec 001 §2 Account tab customLogin): the account's sign-in address
 * alias and whether it is on, written once over a repository: the server's is SQL
 * (server/storage/custom-login.ts), demo mode's the page's saved custom logins
 * (core/demo/subAccountsRepository.ts). The alias's form is the request schema's; an alias is the
 * account's own among the vendor's accounts (any case). Whether the feature is on (the server's
 * admin_portal_login_per_tenant flag) is the handler's (core/domain/sub-account-handlers.ts).
 */
import { contractError } from '../contract/errors';

export interface CustomLogin {
  enabled: boolean;
  loginAlias: string | null;
}

export interface CustomLoginRepository {
  /** The account's custom login, or null for no such account. */
  read(tenantId: string): Promise<CustomLogin | null>;
  /** Whether another account of the vendor has this alias (any case). */
  aliasTaken(tenantId: string, alias: string): Promise<boolean>;
  /** Saves and answers it; null for no such account; 'taken' when another account took the alias meanwhile. */
  save(tenantId: string, login: CustomLogin): Promise<CustomLogin | null | 'taken'>;
}

export async function readCustomLogin(repo: CustomLoginRepository, tenantId: string): Promise<CustomLogin> {
  const login = await repo.read(tenantId);
  if (!login) throw contractError('ACCOUNT_NOT_FOUND');
  return login;
}

/** Turning custom login on needs an alias (400); one another account has is refused (409). */
export async function saveCustomLogin(
  repo: CustomLoginRepository,
  tenantId: string,
  { enabled, loginAlias }: CustomLogin,
): Promise<CustomLogin> {
  if (enabled && !loginAlias) throw contractError('LOGIN_ALIAS_REQUIRED');
  if (loginAlias && (await repo.aliasTaken(tenantId, loginAlias))) throw contractError('LOGIN_ALIAS_TAKEN');
  const saved = await repo.save(tenantId, { enabled, loginAlias });
  if (saved === 'taken') throw contractError('LOGIN_ALIAS_TAKEN');
  if (!saved) throw contractError('ACCOUNT_NOT_FOUND');
  return saved;
}
