/**
 * The login alias port of core/domain/login-alias.ts on the server: the account an alias names
 * (core/domain/tenant-tables.ts, over the tables port) and its joined members (`memberships`, SQL).
 */
import type { LoginAliasPort } from '../../core/domain/login-alias';
import { accountOfAliasIn } from '../../core/domain/tenant-tables';
import type { Database } from './database';
import { sqlTables } from './tables';

export function loginAliasRepository(db: Database): LoginAliasPort {
  return {
    accountOfAlias: (alias) => accountOfAliasIn(sqlTables(db), alias),
    async isMember(tenantId, userId) {
      const { rows } = await db.query(
        'SELECT 1 FROM memberships WHERE tenant_id = $1 AND user_id = $2 AND NOT invitation_pending',
        [tenantId, userId],
      );
      return rows.length > 0;
    },
  };
}
