/**
 * Writing feature flags (`feature_flags`, core/domain/feature-flags.ts) over the tables port: the
 * vendor's switch, and a flag's definition (tests and the development seed). Which context sees
 * what is core/domain/feature-flags.ts; which keys the switch may create, domain/featureFlags.ts.
 */
import { FEATURE_FLAGS, type FlagRow } from '../../core/domain/feature-flags';
import { saveRow } from '../../core/domain/tables';
import type { Database } from './database';
import { sqlTables } from './tables';

/** Defines or updates a flag (tests and the development seed). */
export async function setFlag(
  db: Database,
  key: string,
  value: { enabled?: boolean; tenantIds?: string[]; userIds?: string[] },
): Promise<void> {
  const values = {
    enabled: value.enabled ?? false,
    tenantIds: value.tenantIds ?? [],
    userIds: value.userIds ?? [],
  };
  await saveRow(sqlTables(db), FEATURE_FLAGS, { key }, values, () => ({ key, description: null, ...values }));
}

/**
 * Turns a flag on or off for everyone; its lists of tenants and users stay. `create`: a flag with
 * no row gets one (the SQL's INSERT ... ON CONFLICT (key): one writer at a time); else a key with
 * no row is left alone (null).
 */
export async function writeFlagEnabled(
  db: Database,
  key: string,
  enabled: boolean,
  create: boolean,
): Promise<FlagRow | null> {
  const tables = sqlTables(db);
  if (!create) return (await tables.of(FEATURE_FLAGS).update({ key }, { enabled }))[0] ?? null;
  return saveRow(tables, FEATURE_FLAGS, { key }, { enabled }, () => ({
    key,
    description: null,
    enabled,
    tenantIds: [],
    userIds: [],
  }));
}
