/** The account's usage in SQL (the repository of core/domain/usage.ts). */
import { SIGN_IN_ACTION, type UsageRepository } from '../../core/domain/usage';
import type { Database } from './database';

interface CountsRow {
  members: number;
  active_members: number;
  account_tokens: number;
  personal_tokens: number;
  sub_accounts: number;
}

export const usageRepository = (db: Database): UsageRepository => ({
  async counts(tenantId, since) {
    // One round trip. Active: a current member with a sign-in recorded in this account since `since`.
    const { rows } = await db.query<CountsRow>(
      `WITH RECURSIVE below AS (
         SELECT id FROM tenants WHERE parent_tenant_id = $1 AND deleted_at IS NULL
         UNION
         SELECT t.id FROM tenants t JOIN below b ON t.parent_tenant_id = b.id WHERE t.deleted_at IS NULL
       )
       SELECT
         (SELECT count(*) FROM memberships WHERE tenant_id = $1)::int AS members,
         (SELECT count(DISTINCT a.actor_user_id) FROM audits a
            JOIN memberships m ON m.user_id = a.actor_user_id AND m.tenant_id = $1
           WHERE a.tenant_id = $1 AND a.action = $3 AND a.created_at >= $2)::int AS active_members,
         (SELECT count(*) FROM api_tokens WHERE tenant_id = $1 AND type = 'tenant')::int AS account_tokens,
         (SELECT count(*) FROM api_tokens WHERE tenant_id = $1 AND type = 'user')::int AS personal_tokens,
         (SELECT count(*) FROM below)::int AS sub_accounts`,
      [tenantId, since, SIGN_IN_ACTION],
    );
    const row = rows[0]!;
    return {
      members: row.members,
      activeMembers: row.active_members,
      accountApiTokens: row.account_tokens,
      personalApiTokens: row.personal_tokens,
      subAccounts: row.sub_accounts,
    };
  },
  async signInsByDay(tenantId, since) {
    const { rows } = await db.query<{ date: string; count: number }>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, count(*)::int AS count
         FROM audits WHERE tenant_id = $1 AND action = $3 AND created_at >= $2
        GROUP BY 1 ORDER BY 1`,
      [tenantId, since, SIGN_IN_ACTION],
    );
    return rows;
  },
});
