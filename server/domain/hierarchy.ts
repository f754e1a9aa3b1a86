/**
 * Sub-accounts, the server's own part (spec 001 §3 Tenant, §4 "Reseller tenants", §7 "Tenants and
 * sub-accounts"): creating one (its id from the client's name, its creator's roles by the grant
 * rule) and tenant switching. The shared rules are core/domain/sub-accounts.ts,
 * sub-account-members.ts and sub-account-lists.ts; the lists' SQL is server/storage/sub-account-lists.ts.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../storage/database';
import { contractError } from '../../core/contract/errors';
import { isWithinTree } from '../storage/sub-accounts';
import { type SubAccountDto, type SubAccountRow, toDto } from '../storage/sub-account-lists';
import { keysNotHeld } from './grants';
import { listUserTenants } from './tenants';
import type { AccessTokenClaims } from './tokens';

/** 404 unless `tenantId` is the caller's active tenant or one of its sub-accounts (no hint of others). */
export async function assertWithin(db: Database, rootId: string, tenantId: string): Promise<void> {
  if (!(await isWithinTree(db, rootId, tenantId))) throw contractError('SUB_ACCOUNT_NOT_FOUND');
}

/**
 * Creates a sub-account under `parentId` (which must be within the caller's tree) and makes the
 * creator a member of it, so they can switch into it. The creator gets the creator roles (Admin)
 * when they hold every permission those grant; otherwise the vendor-wide roles they hold in their
 * active account whose permissions they hold (server/domain/grants.ts: a creator never gives
 * themselves more than they have).
 */
/**
 * The id of an account the client names `chosen` (the client SDK's createSubTenant `tenantId`): the
 * name (a UUID, or letters, digits, '-', '_', checked by the request schema) names the account among
 * its parent's children, as a name-based UUID (RFC 9562 version 5, the parent's id as namespace,
 * case-insensitive). Naming it again under the same parent is refused (409), and the answer never
 * depends on accounts outside the caller's tree: a UUID taken as given would have told whether some
 * other customer's account has it (server/routes/sub-account-ids.test.ts).
 */
export function chosenAccountId(parentId: string, chosen: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(parentId.replace(/-/g, ''), 'hex'))
    .update(chosen.toLowerCase(), 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function createSubAccount(
  db: Database,
  input: {
    rootId: string;
    parentId: string;
    name: string;
    creator: Pick<AccessTokenClaims, 'sub' | 'roles' | 'permissions'>;
    /** The id the client chose (chosenAccountId); absent: a random one. */
    tenantId?: string | undefined;
    /** The client SDK's TenantType (checked by the contract), absent: none. */
    tenantType?: string | undefined;
  },
): Promise<SubAccountDto> {
  return db.transaction(async (tx) => {
    await assertWithin(tx, input.rootId, input.parentId);
    const { rows } = await tx.query<SubAccountRow>(
      `INSERT INTO tenants (id, vendor_id, name, parent_tenant_id, tenant_type)
         SELECT coalesce($3::uuid, gen_random_uuid()), p.vendor_id, $1, p.id, $4 FROM tenants p WHERE p.id = $2
       ON CONFLICT (id) DO NOTHING
       RETURNING id, name, parent_tenant_id, created_at, tenant_type, 0 AS users, 0 AS children`,
      [input.name, input.parentId, input.tenantId ?? null, input.tenantType ?? null],
    );
    // The parent is within the tree (checked above): no row means the chosen id is taken.
    if (!rows[0]) throw contractError('SUB_ACCOUNT_ID_TAKEN');
    const tenant = rows[0];
    // A tenant API token's subject is the token, not a user: nobody to make a member then.
    const membership = await tx.query<{ id: string }>(
      'INSERT INTO memberships (user_id, tenant_id) SELECT id, $2 FROM users WHERE id = $1 RETURNING id',
      [input.creator.sub, tenant.id],
    );
    if (!membership.rows[0]) return toDto(tenant);
    const roleIds = await creatorRoles(tx, tenant.id, input.creator);
    if (roleIds.length)
      await tx.query(
        'INSERT INTO membership_roles (membership_id, role_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING',
        [membership.rows[0].id, roleIds],
      );
    return toDto({ ...tenant, users: 1 });
  });
}

/** The roles the creator of a new sub-account gets there (see createSubAccount). */
async function creatorRoles(
  db: Database,
  tenantId: string,
  creator: Pick<AccessTokenClaims, 'roles' | 'permissions'>,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string; key: string; creator: boolean; keys: string[] | null }>(
    `SELECT r.id, r.key, r.default_for_creator AS creator,
            (SELECT array_agg(p.key) FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
              WHERE rp.role_id = r.id) AS keys
       FROM roles r
      WHERE r.tenant_id IS NULL AND r.vendor_id = (SELECT vendor_id FROM tenants WHERE id = $1)
        AND (r.default_for_creator OR r.key = ANY($2::text[]))`,
    [tenantId, creator.roles ?? []],
  );
  const held = creator.permissions ?? [];
  const grantable = (row: (typeof rows)[number]) => keysNotHeld(held, row.keys ?? []).length === 0;
  const defaults = rows.filter((r) => r.creator);
  if (defaults.length && defaults.every(grantable)) return defaults.map((r) => r.id);
  return rows.filter((r) => (creator.roles ?? []).includes(r.key) && grantable(r)).map((r) => r.id);
}

/**
 * Tenant switching (spec 000 §7 "PUT v1 /tenant (switch, payload tenantId)"): the session now acts
 * in `tenantId`, and the next refresh issues an access token for it. 403 when the user does not
 * belong to it (or their access there is denied).
 */
export async function switchTenant(
  db: Database,
  input: { userId: string; sessionId: string; tenantId: string },
): Promise<void> {
  const tenants = await listUserTenants(db, input.userId);
  if (!tenants.some((t) => t.id === input.tenantId)) throw contractError('NOT_ACCOUNT_MEMBER');
  await db.query('UPDATE sessions SET tenant_id = $3 WHERE id = $1 AND user_id = $2', [
    input.sessionId,
    input.userId,
    input.tenantId,
  ]);
  await db.query('UPDATE users SET active_tenant_id = $2 WHERE id = $1', [input.userId, input.tenantId]);
}
