/** The custom login repository of core/domain/custom-login.ts over PostgreSQL: `tenants.login_alias`. SQL only. */
import type { CustomLogin, CustomLoginRepository } from '../../core/domain/custom-login';
import type { Database } from './database';

interface CustomLoginRow {
  login_alias: string | null;
  custom_login_enabled: boolean;
}
const toCustomLogin = (row: CustomLoginRow): CustomLogin => ({
  enabled: row.custom_login_enabled,
  loginAlias: row.login_alias,
});

export function customLoginRepository(db: Database): CustomLoginRepository {
  return {
    async read(tenantId) {
      const { rows } = await db.query<CustomLoginRow>(
        'SELECT login_alias, custom_login_enabled FROM tenants WHERE id = $1',
        [tenantId],
      );
      return rows[0] ? toCustomLogin(rows[0]) : null;
    },
    async aliasTaken(tenantId, alias) {
      const { rows } = await db.query(
        'SELECT 1 FROM tenants WHERE lower(login_alias) = lower($1) AND id <> $2 AND vendor_id = (SELECT vendor_id FROM tenants WHERE id = $2)',
        [alias, tenantId],
      );
      return rows.length > 0;
    },
    async save(tenantId, { enabled, loginAlias }) {
      try {
        const { rows } = await db.query<CustomLoginRow>(
          'UPDATE tenants SET login_alias = $2, custom_login_enabled = $3, updated_at = now() WHERE id = $1 RETURNING login_alias, custom_login_enabled',
          [tenantId, loginAlias, enabled],
        );
        return rows[0] ? toCustomLogin(rows[0]) : null;
      } catch (error) {
        // Two accounts taking the same alias at once: the unique index decides.
        if ((error as { code?: string }).code === '23505') return 'taken';
        throw error;
      }
    },
  };
}
