/**
 * Feature flags' stored values (spec 000 §1, §6), written once for the server and demo mode: a flag
 * is a row of `feature_flags` (server/storage/migrations-001-004.ts), on for everyone (`enabled`)
 * or for listed accounts and users; an anonymous context sees only `enabled`. What the evaluate call
 * answers for a key with no row (off, but the preview defaults) is core/featureFlags/previewFlags.ts;
 * demo mode's own values under its rows, core/featureFlags/demoFlags.ts.
 */
import { col, nullable, oneOf, table, type RowOf, type Tables } from './tables';

export const FEATURE_FLAGS = table('feature_flags', {
  key: col.text(),
  description: nullable(col.text()),
  enabled: col.bool,
  tenantIds: col.uuidArray,
  userIds: col.uuidArray,
});
export type FlagRow = RowOf<typeof FEATURE_FLAGS>;

/** Who flags are evaluated for: a user in an account, or anyone. */
export interface FlagContext {
  anonymous?: boolean;
  userId?: string;
  tenantId?: string;
  attributes?: Record<string, unknown>;
}

/** Each stored flag's value for `context`, by key (ids compared as UUIDs: in any letter case). */
export function storedFlagValues(rows: readonly FlagRow[], context: FlagContext): Record<string, boolean> {
  const anonymous = context.anonymous === true || (!context.userId && !context.tenantId);
  const tenantId = anonymous ? undefined : context.tenantId?.toLowerCase();
  const userId = anonymous ? undefined : context.userId?.toLowerCase();
  const on = (row: FlagRow) =>
    row.enabled ||
    (!!tenantId && row.tenantIds.includes(tenantId)) ||
    (!!userId && row.userIds.includes(userId));
  return Object.fromEntries(rows.map((row) => [row.key, on(row)]));
}

/** The stored flags of `keys` (every stored flag without): one read. */
export const storedFlags = (tables: Tables, keys: readonly string[] | undefined): Promise<FlagRow[]> =>
  tables.of(FEATURE_FLAGS).rows(keys ? { where: { key: oneOf(keys) } } : {});
