/** The vendor row in SQL: this deployment's settings (domain/vendor.ts reads them on every use). */
import type { Database } from './database';

interface VendorRow {
  id: string;
  allow_signups: boolean;
  allow_not_verified_users_login: boolean;
  api_tokens_enabled: boolean;
  force_permissions: boolean;
  auth_strategy: string;
  machine_to_machine_auth_strategy: string;
  sign_up_requires_activation: boolean;
  white_label_mode: boolean;
  password_min_length: number;
  password_max_length: number;
  passkeys_enabled?: boolean;
}

/** The first vendor row (migration 1 creates it), or null before the migrations. */
export async function vendorRow(db: Database): Promise<VendorRow | null> {
  const { rows } = await db.query<VendorRow>('SELECT * FROM vendors ORDER BY created_at, id LIMIT 1');
  return rows[0] ?? null;
}

/** The first vendor's name ('' before the migrations): the login box's public settings. */
export async function firstVendorName(db: Database): Promise<string> {
  const { rows } = await db.query<{ name: string }>(
    'SELECT name FROM vendors WHERE id = (SELECT id FROM vendors ORDER BY created_at, id LIMIT 1)',
  );
  return rows[0]?.name ?? '';
}
