/**
 * The sign-in methods' port of core/domain/sign-in-methods.ts over PostgreSQL: the vendor row's
 * `auth_strategy`, `main_auth_strategies` and `passkeys_enabled`, `tenant_sign_in_methods`, and
 * whether a social provider or an SSO connection is active. SQL only.
 */
import type { SignInMethodPorts } from '../../core/domain/sign-in-methods';
import type { Database } from './database';

export function signInMethodRepository(db: Database): SignInMethodPorts {
  return {
    async vendor() {
      const { rows } = await db.query<{
        auth_strategy: string;
        main_auth_strategies: string[] | null;
        passkeys_enabled: boolean | null;
      }>(
        'SELECT auth_strategy, main_auth_strategies, passkeys_enabled FROM vendors ORDER BY created_at, id LIMIT 1',
      );
      const row = rows[0];
      return row
        ? {
            authStrategy: row.auth_strategy,
            main: row.main_auth_strategies,
            passkeys: row.passkeys_enabled === true,
          }
        : null;
    },
    async saveVendor(methods) {
      await db.query(
        `UPDATE vendors SET main_auth_strategies = $1, auth_strategy = $2, passkeys_enabled = $3, updated_at = now()`,
        [methods.main, methods.main[0], methods.passkeys],
      );
    },
    async ofAccount(tenantId) {
      const { rows } = await db.query<{ main_strategies: string[]; passkeys: boolean }>(
        'SELECT main_strategies, passkeys FROM tenant_sign_in_methods WHERE tenant_id = $1',
        [tenantId],
      );
      const own = rows[0];
      return own ? { main: own.main_strategies, passkeys: own.passkeys } : null;
    },
    async saveForAccount(tenantId, methods) {
      await db.query(
        `INSERT INTO tenant_sign_in_methods (tenant_id, main_strategies, passkeys) VALUES ($1, $2, $3)
         ON CONFLICT (tenant_id) DO UPDATE SET main_strategies = EXCLUDED.main_strategies,
           passkeys = EXCLUDED.passkeys, updated_at = now()`,
        [tenantId, methods.main, methods.passkeys],
      );
    },
    async forgetAccount(tenantId) {
      await db.query('DELETE FROM tenant_sign_in_methods WHERE tenant_id = $1', [tenantId]);
    },
    async federatedSignInExists(tenantId) {
      const { rows } = await db.query<{ found: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM social_providers WHERE active)
             OR EXISTS (SELECT 1 FROM sso_configurations WHERE active AND ($1::uuid IS NULL OR tenant_id = $1))
             OR EXISTS (SELECT 1 FROM saml_configurations WHERE active AND ($1::uuid IS NULL OR tenant_id = $1))
           AS found`,
        [tenantId],
      );
      return rows[0]?.found === true;
    },
  };
}

/** Development mode's switch (`PUT /dev/settings`): every local method back on, `strategy` first. */
export async function devSwitchAuthStrategy(db: Database, strategy: string): Promise<void> {
  await db.query('UPDATE vendors SET auth_strategy = $1, main_auth_strategies = NULL, updated_at = now()', [
    strategy,
  ]);
}
