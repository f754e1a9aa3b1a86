/**
 * Creating a sub-account (spec 001 §7 "Tenants and sub-accounts"; the client SDK's createSubTenant),
 * written once over a repository, itself written once over the tables port for both backends
 * (core/domain/sub-account-store.ts).
 * The account goes under `parentTenantId` (default: the caller's active account), which must lie
 * within the caller's tree (404 otherwise), and its creator becomes a member, so they can switch
 * into it. The creator gets the creator roles when they hold every permission those grant;
 * otherwise the vendor-wide roles they hold whose permissions they hold: a creator never gives
 * themselves more than they have (core/domain/grants.ts).
 */
import { contractError } from '../contract/errors';
import { keysNotHeld } from './grants';
import type { SubAccountItem } from './sub-account-lists';
import type { TenantType } from './sub-accounts';

/** A vendor-wide role a creator may get: a creator default, or one of the roles they hold. */
export interface CreatorRole {
  id: string;
  key: string;
  /** Given to the creator of an account (the server's `default_for_creator`). */
  forCreator: boolean;
  /** The permission keys the role grants. */
  permissions: string[];
}

export interface SubAccountCreationRepository {
  /** True when `tenantId` is `rootId` or a live account below it. */
  isWithin(rootId: string, tenantId: string): Promise<boolean>;
  /**
   * Adds the account below `parentId` with the id given (absent: a new one) and answers it as the
   * search lists it, without members; null when the id is taken.
   */
  insert(account: {
    parentId: string;
    name: string;
    tenantId: string | null;
    tenantType: TenantType | null;
  }): Promise<SubAccountItem | null>;
  /** The vendor-wide roles of `tenantId`'s vendor that are creator defaults or have one of `roleKeys`. */
  creatorRoles(tenantId: string, roleKeys: readonly string[]): Promise<CreatorRole[]>;
  /** Makes the user a member of `tenantId` with `roleIds`; false when no such user (an API token). */
  addCreator(tenantId: string, userId: string, roleIds: string[]): Promise<boolean>;
  /** Runs `work` as one transaction over the same repository. */
  transaction<T>(work: (repo: SubAccountCreationRepository) => Promise<T>): Promise<T>;
}

/** The caller creating the account: its subject, the role keys and permissions it holds. */
interface SubAccountCreator {
  sub: string;
  roles?: readonly string[] | undefined;
  permissions?: readonly string[] | undefined;
}

/** The roles the creator of a new sub-account gets there (see the file's comment). */
export function creatorRoleIds(candidates: readonly CreatorRole[], creator: SubAccountCreator): string[] {
  const held = creator.permissions ?? [];
  const grantable = (role: CreatorRole) => keysNotHeld(held, role.permissions).length === 0;
  const defaults = candidates.filter((r) => r.forCreator);
  if (defaults.length && defaults.every(grantable)) return defaults.map((r) => r.id);
  return candidates.filter((r) => (creator.roles ?? []).includes(r.key) && grantable(r)).map((r) => r.id);
}

/**
 * Creates a sub-account (blank name 400; parent outside the tree 404). `tenantId`, the id the client
 * chose (checked by the request schema), names the account through `idOf` (the server: a name-based
 * UUID under the parent; demo mode: the name itself); taken: 409. Empty or absent: a new id.
 */
export async function createSubAccount(
  repo: SubAccountCreationRepository,
  input: {
    rootId: string;
    creator: SubAccountCreator;
    body: { name: string; parentTenantId?: string; tenantId?: string; tenantType?: TenantType };
    idOf: (parentId: string, chosen: string) => string;
  },
): Promise<SubAccountItem> {
  const { body, creator } = input;
  const name = body.name.trim();
  if (!name) throw contractError('SUB_ACCOUNT_NAME_REQUIRED');
  const parentId = body.parentTenantId ?? input.rootId;
  const chosen = body.tenantId?.trim();
  return repo.transaction(async (tx) => {
    if (!(await tx.isWithin(input.rootId, parentId))) throw contractError('SUB_ACCOUNT_NOT_FOUND');
    const created = await tx.insert({
      parentId,
      name,
      tenantId: chosen ? input.idOf(parentId, chosen) : null,
      tenantType: body.tenantType ?? null,
    });
    // The parent is within the tree (checked above): nothing added means the chosen id is taken.
    if (!created) throw contractError('SUB_ACCOUNT_ID_TAKEN');
    const roleIds = creatorRoleIds(await tx.creatorRoles(created.tenantId, creator.roles ?? []), creator);
    // A tenant API token's subject is the token, not a user: nobody to make a member then.
    if (!(await tx.addCreator(created.tenantId, creator.sub, roleIds))) return created;
    return { ...created, numberOfUsers: 1 };
  });
}
