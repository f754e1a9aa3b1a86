/**
 * A tenant's SCIM configurations on the server (the portal's calls are core/domain/directory.ts
 * and directory-handlers.ts, an area of both backends, with their repository): a configuration's
 * token is checked here. Only its SHA-256 is stored (`scimTokenHash`); a presented token is looked
 * up by the id it names and its hash compared in constant time.
 */
import { timingSafeEqual } from 'node:crypto';
import { scimTokenHash } from '../../core/domain/directory';
import type { Database } from '../storage/database';
import { scimConfigurationRow } from '../storage/directory';

/** What the SCIM endpoints act for: a configuration of one tenant. */
export interface ScimCaller {
  configurationId: string;
  tenantId: string;
  vendorId: string;
  syncToUserManagement: boolean;
  /** Who made the configuration: what they hold in the account is the most the connection may touch. */
  createdBy: string | null;
}

const TOKEN = /^scim_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;
const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** The configuration a SCIM bearer token belongs to, or null (unknown, malformed or wrong secret). */
export async function scimCallerByToken(db: Database, token: string): Promise<ScimCaller | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const row = await scimConfigurationRow(db, uuidOf(match[1]!));
  const given = Buffer.from(await scimTokenHash(token));
  if (!row || !timingSafeEqual(Buffer.from(row.token_hash), given)) return null;
  return {
    configurationId: row.id,
    tenantId: row.tenant_id,
    vendorId: row.vendor_id,
    syncToUserManagement: row.sync_to_user_management,
    createdBy: row.created_by,
  };
}
