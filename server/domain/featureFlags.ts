/**
 * Feature flags (spec 000 §1, §6): evaluated for an anonymous context unless the caller supplies
 * one. A flag is on for everyone (`enabled`), or for listed tenants or users. An anonymous
 * context sees only `enabled`. Unknown keys are off, but the admin portal's preview-default flags
 * (core/featureFlags/previewFlags.ts), which are on until the vendor sets them.
 */
import {
  isPreviewDefaultFlag,
  PREVIEW_DEFAULT_FLAGS,
  withPreviewDefaults,
} from '../../core/featureFlags/previewFlags';
import { PORTAL_FLAGS } from '../../core/portal/pages';
import type { Database } from '../storage/database';
import { flagRows, flagValues, writeFlagEnabled, type FlagRow } from '../storage/feature-flags';

/** A flag as the vendor's portal configuration shows it. */
interface FeatureFlagDto {
  key: string;
  description: string | null;
  enabled: boolean;
  tenantIds: string[];
  userIds: string[];
}

const toDto = (row: FlagRow): FeatureFlagDto => ({
  key: row.key,
  description: row.description,
  enabled: row.enabled,
  tenantIds: row.tenant_ids,
  userIds: row.user_ids,
});

export interface FlagContext {
  anonymous?: boolean;
  userId?: string;
  tenantId?: string;
  attributes?: Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The value of each asked flag (every defined flag when `keys` is absent). */
export async function evaluateFlags(
  db: Database,
  keys: string[] | undefined,
  context: FlagContext,
): Promise<Record<string, boolean>> {
  const anonymous = context.anonymous === true || (!context.userId && !context.tenantId);
  // Ids that are not UUIDs cannot match a stored id; passing them would make PostgreSQL fail the cast.
  const tenantId = !anonymous && context.tenantId && UUID.test(context.tenantId) ? context.tenantId : null;
  const userId = !anonymous && context.userId && UUID.test(context.userId) ? context.userId : null;
  const rows = await flagValues(db, tenantId, userId, keys ?? null);
  return withPreviewDefaults(Object.fromEntries(rows.map((r) => [r.key, r.value === true])), keys);
}

/**
 * Every defined flag, and the flags the portal reads (PORTAL_FLAGS) and the preview-default ones even
 * before a row exists for them (off; a preview-default one on), by key.
 */
export async function listFlags(db: Database): Promise<FeatureFlagDto[]> {
  const byKey = new Map((await flagRows(db)).map((row) => [row.key, toDto(row)]));
  for (const key of [...PORTAL_FLAGS, ...Object.values(PREVIEW_DEFAULT_FLAGS)])
    if (!byKey.has(key))
      byKey.set(key, {
        key,
        description: null,
        enabled: isPreviewDefaultFlag(key),
        tenantIds: [],
        userIds: [],
      });
  return [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * Turns a flag on or off for everyone (the vendor's switch); its lists of tenants and users stay.
 * A flag the portal reads (or a preview-default one) is created on first use; any other key must be
 * defined already (null).
 */
export async function setFlagEnabled(
  db: Database,
  key: string,
  enabled: boolean,
): Promise<FeatureFlagDto | null> {
  const row = await writeFlagEnabled(
    db,
    key,
    enabled,
    PORTAL_FLAGS.includes(key) || isPreviewDefaultFlag(key),
  );
  return row ? toDto(row) : null;
}
