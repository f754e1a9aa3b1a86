/**
 * An account's settings on the tenant's row (the repository of core/domain/account-settings.ts),
 * and the vendor's admin-box configuration. SQL only: the rules are the domain's.
 */
import type { AccountSettings } from '../../core/api/accountSettings';
import type { AccountSettingsChanges, AccountSettingsRepository } from '../../core/domain/account-settings';
import type { Database } from './database';

/** The contract's shape, declared once with the kit's API module. */
type AccountSettingsDto = AccountSettings;

interface Row {
  id: string;
  name: string;
  address: string | null;
  website: string | null;
  timezone: string | null;
  currency: string;
  date_format: string;
  time_format: string;
  logo: string | null;
  metadata: Record<string, unknown>;
  locale: string | null;
  has_custom_login: boolean;
}

const COLUMNS =
  'id, name, address, website, timezone, currency, date_format, time_format, logo, metadata, locale, (custom_login_enabled AND login_alias IS NOT NULL) AS has_custom_login';
const toDto = (row: Row): AccountSettingsDto => ({
  tenantId: row.id,
  name: row.name,
  address: row.address,
  website: row.website,
  timezone: row.timezone,
  currency: row.currency,
  dateFormat: row.date_format,
  timeFormat: row.time_format,
  logo: row.logo,
  metadata: JSON.stringify(row.metadata ?? {}),
  locale: row.locale ?? null,
  hasCustomLogin: row.has_custom_login === true,
});

async function getAccountSettings(db: Database, tenantId: string): Promise<AccountSettingsDto | null> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM tenants WHERE id = $1 AND deleted_at IS NULL`,
    [tenantId],
  );
  return rows[0] ? toDto(rows[0]) : null;
}

/** Applies the fields that were sent (null clears an optional one); returns the new settings. */
async function updateAccountSettings(
  db: Database,
  tenantId: string,
  update: AccountSettingsChanges,
): Promise<AccountSettingsDto | null> {
  const has = (key: keyof AccountSettingsChanges) => update[key] !== undefined;
  const { rows } = await db.query<Row>(
    `UPDATE tenants SET
        name = CASE WHEN $2 THEN $3 ELSE name END,
        address = CASE WHEN $4 THEN $5 ELSE address END,
        website = CASE WHEN $6 THEN $7 ELSE website END,
        timezone = CASE WHEN $8 THEN $9 ELSE timezone END,
        currency = CASE WHEN $10 THEN $11 ELSE currency END,
        date_format = COALESCE($12, date_format),
        time_format = COALESCE($13, time_format),
        logo = CASE WHEN $14 THEN $15 ELSE logo END,
        metadata = COALESCE($16::jsonb, metadata),
        locale = CASE WHEN $17 THEN $18 ELSE locale END,
        updated_at = now()
      WHERE id = $1 AND deleted_at IS NULL
      RETURNING ${COLUMNS}`,
    [
      tenantId,
      has('name'),
      update.name ?? null,
      has('address'),
      update.address ?? null,
      has('website'),
      update.website ?? null,
      has('timezone'),
      update.timezone ?? null,
      has('currency'),
      update.currency ?? 'USD',
      update.dateFormat ?? null,
      update.timeFormat ?? null,
      has('logo'),
      update.logo ?? null,
      update.metadata ?? null,
      has('locale'),
      update.locale ?? null,
    ],
  );
  return rows[0] ? toDto(rows[0]) : null;
}

export const accountSettingsRepository = (db: Database): AccountSettingsRepository => ({
  get: (tenantId) => getAccountSettings(db, tenantId),
  update: (tenantId, changes) => updateAccountSettings(db, tenantId, changes),
});

/** The vendor's admin-box configuration, or null when the vendor has none. */
export async function getAdminBoxConfiguration(
  db: Database,
  tenantId: string,
): Promise<Record<string, unknown> | null> {
  const { rows } = await db.query<{ configuration: Record<string, unknown> }>(
    `SELECT m.configuration FROM admin_box_metadata m JOIN tenants t ON t.vendor_id = m.vendor_id WHERE t.id = $1`,
    [tenantId],
  );
  return rows[0]?.configuration ?? null;
}

/** The vendor's admin-box configuration, its row locked until the transaction `tx` ends (null when none). */
export async function lockAdminBoxConfiguration(
  tx: Database,
  vendorId: string,
): Promise<Record<string, unknown> | null> {
  const { rows } = await tx.query<{ configuration: Record<string, unknown> }>(
    'SELECT configuration FROM admin_box_metadata WHERE vendor_id = $1 FOR UPDATE',
    [vendorId],
  );
  return rows[0]?.configuration ?? null;
}

/** Stores the vendor's admin-box configuration (created or replaced). */
export async function saveAdminBoxConfiguration(
  tx: Database,
  vendorId: string,
  configuration: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    `INSERT INTO admin_box_metadata (vendor_id, configuration, updated_at) VALUES ($1, $2::jsonb, now())
         ON CONFLICT (vendor_id) DO UPDATE SET configuration = EXCLUDED.configuration, updated_at = now()`,
    [vendorId, JSON.stringify(configuration)],
  );
}
