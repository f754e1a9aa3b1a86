/**
 * The sign-in methods' store of core/domain/sign-in-methods.ts over PostgreSQL: an account's own
 * choice by the shared repository (core/domain/sign-in-method-storage.ts, `tenant_sign_in_methods`);
 * here the vendor row's `auth_strategy`, `main_auth_strategies` and `passkeys_enabled`, and whether a
 * social provider or an SSO connection is active. SQL only.
 */
import { signInMethodStore, type VendorMethods } from '../../core/domain/sign-in-method-storage';
import type { SignInMethodStore } from '../../core/domain/sign-in-methods';
import type { Database } from './database';
import { SERVER_ROW_CLOCK, sqlTables } from './tables';

/** The sign-in methods' store over `db`: an account's choice by the shared repository, the vendor's here. */
export const signInMethodRepository = (db: Database): SignInMethodStore =>
  signInMethodStore(sqlTables(db), SERVER_ROW_CLOCK, vendorMethods(db));

/** The application's methods in the vendor row, and whether a social or SSO connection is active. */
export function vendorMethods(db: Database): VendorMethods {
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
