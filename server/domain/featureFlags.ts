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
import {
  storedFlags,
  storedFlagValues,
  type FlagContext,
  type FlagRow,
} from '../../core/domain/feature-flags';
import { writeFlagEnabled } from '../storage/feature-flags';
import { sqlTables } from '../storage/tables';

/** A flag as the vendor's portal configuration shows it: its row. */
type FeatureFlagDto = FlagRow;

/** The value of each asked flag (every defined flag when `keys` is absent). */
export async function evaluateFlags(
  db: Database,
  keys: string[] | undefined,
  context: FlagContext,
): Promise<Record<string, boolean>> {
  return withPreviewDefaults(storedFlagValues(await storedFlags(sqlTables(db), keys), context), keys);
}

/**
 * Every defined flag, and the flags the portal reads (PORTAL_FLAGS) and the preview-default ones even
 * before a row exists for them (off; a preview-default one on), by key.
 */
export async function listFlags(db: Database): Promise<FeatureFlagDto[]> {
  const byKey = new Map((await storedFlags(sqlTables(db), undefined)).map((row) => [row.key, row]));
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
  return writeFlagEnabled(db, key, enabled, PORTAL_FLAGS.includes(key) || isPreviewDefaultFlag(key));
}
