/**
 * Feature flags (spec 000 §1, §6): evaluated for an anonymous context unless the caller supplies
 * one. A flag is on for everyone (`enabled`), or for listed tenants or users. An anonymous
 * context sees only `enabled`. Unknown keys are off.
 */
import type { Database } from '../storage/database';

export interface FlagContext {
  anonymous?: boolean;
  userId?: string;
  tenantId?: string;
  attributes?: Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The value of each asked flag (every defined flag when `keys` is absent). */
export async function evaluateFlags(
  db: Database,
  keys: string[] | undefined,
  context: FlagContext,
): Promise<Record<string, boolean>> {
  const anonymous = context.anonymous === true || (!context.userId && !context.tenantId);
  // Ids that are not UUIDs cannot match a stored id; passing them would make PostgreSQL fail the cast.
  const tenantId = !anonymous && context.tenantId && UUID.test(context.tenantId) ? context.tenantId : null;
  const userId = !anonymous && context.userId && UUID.test(context.userId) ? context.userId : null;
  const { rows } = await db.query<{ key: string; value: boolean }>(
    `SELECT key, (enabled OR ($1::uuid IS NOT NULL AND $1::uuid = ANY(tenant_ids)) OR ($2::uuid IS NOT NULL AND $2::uuid = ANY(user_ids))) AS value
       FROM feature_flags WHERE $3::text[] IS NULL OR key = ANY($3::text[])`,
    [tenantId, userId, keys ?? null],
  );
  const found = Object.fromEntries(rows.map((r) => [r.key, r.value === true]));
  if (!keys) return found;
  return Object.fromEntries(keys.map((key) => [key, found[key] === true]));
}

/** Defines or updates a flag (tests and the development seed). */
export async function setFlag(
  db: Database,
  key: string,
  value: { enabled?: boolean; tenantIds?: string[]; userIds?: string[] },
): Promise<void> {
  await db.query(
    `INSERT INTO feature_flags (key, enabled, tenant_ids, user_ids) VALUES ($1, $2, $3::uuid[], $4::uuid[])
     ON CONFLICT (key) DO UPDATE SET enabled = EXCLUDED.enabled, tenant_ids = EXCLUDED.tenant_ids, user_ids = EXCLUDED.user_ids`,
    [key, value.enabled ?? false, value.tenantIds ?? [], value.userIds ?? []],
  );
}
