/** The login alias port of core/domain/login-alias.ts over PostgreSQL: `tenants.login_alias`, `memberships`. SQL only. */
import type { LoginAliasPort } from '../../core/domain/login-alias';
import type { Database } from './database';

export function loginAliasRepository(db: Database): LoginAliasPort {
  return {
    async accountOfAlias(alias) {
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM tenants
          WHERE lower(login_alias) = $1 AND custom_login_enabled
          ORDER BY created_at LIMIT 1`,
        [alias],
      );
      return rows[0]?.id ?? null;
    },
    async isMember(tenantId, userId) {
      const { rows } = await db.query(
        'SELECT 1 FROM memberships WHERE tenant_id = $1 AND user_id = $2 AND NOT invitation_pending',
        [tenantId, userId],
      );
      return rows.length > 0;
    },
  };
}
