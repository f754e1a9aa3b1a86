/**
 * Sub-accounts, the server's own part (spec 001 §3 Tenant, §4 "Reseller tenants", §7 "Tenants and
 * sub-accounts"): the id of an account the client names. The routes are the shared handlers of
 * core/domain/sub-account-handlers.ts over the rules of core/domain/sub-accounts.ts,
 * sub-account-create.ts, sub-account-members.ts, sub-account-lists.ts and sub-account-tree.ts; their
 * storage is core/domain/sub-account-store.ts, with the tree read in SQL (server/storage/sub-accounts.ts).
 */
import { createHash } from 'node:crypto';

/**
 * The id of an account the client names `chosen` (the client SDK's createSubTenant `tenantId`): the
 * name (a UUID, or letters, digits, '-', '_', checked by the request schema) names the account among
 * its parent's children, as a name-based UUID (RFC 9562 version 5, the parent's id as namespace,
 * case-insensitive). Naming it again under the same parent is refused (409), and the answer never
 * depends on accounts outside the caller's tree: a UUID taken as given would have told whether some
 * other customer's account has it (server/routes/sub-account-ids.test.ts).
 */
export function chosenAccountId(parentId: string, chosen: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(parentId.replace(/-/g, ''), 'hex'))
    .update(chosen.toLowerCase(), 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
