/** A member's customData in SQL (the repository of core/domain/custom-data.ts). */
import type { CustomDataRepository } from '../../core/domain/custom-data';
import type { Database } from './database';

export function customDataRepository(db: Database): CustomDataRepository {
  return {
    async save(tenantId, userId, data) {
      const { rows } = await db.query(
        `UPDATE users SET custom_data = $3::jsonb
          WHERE id = $2 AND EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = $2 AND m.tenant_id = $1)
          RETURNING id`,
        [tenantId, userId, data === null ? null : JSON.stringify(data)],
      );
      return rows.length > 0;
    },
  };
}
