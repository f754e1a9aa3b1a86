/**
 * IP restrictions of an account (issue 15, spec 001 §3 and §4): allow and block lists of addresses
 * and CIDR ranges, and the account's config (isActive, strategy). While the config is active, its
 * strategy decides: ALLOW lets in only the addresses of active ALLOW entries, BLOCK refuses those of
 * active BLOCK entries. Enforced at sign-in (the session's account), at refresh and on every
 * authenticated call (app.ts's session guard), with the client address Fastify reads: the socket's,
 * or with the server's `trustProxy` setting the X-Forwarded-For hop it trusts (docs/admin-portal.md).
 * Matching is Node's `net.BlockList` (IPv4 and IPv6, IPv4-mapped IPv6 addresses folded to IPv4).
 */
import { BlockList, isIP } from 'node:net';
import type { Database } from '../storage/database';

export type IpStrategy = 'ALLOW' | 'BLOCK';

interface IpRestriction {
  id: string;
  ip: string;
  strategy: IpStrategy;
  isActive: boolean;
  description?: string;
  createdAt: Date;
  updatedAt: Date;
}
interface IpConfig {
  isActive: boolean;
  strategy: IpStrategy;
}

export const IP_NOT_ALLOWED = 'Your IP address is not allowed to access this account.';

interface Row {
  id: string;
  ip: string;
  strategy: IpStrategy;
  is_active: boolean;
  description: string | null;
  created_at: Date;
  updated_at: Date;
}
const toDto = (row: Row): IpRestriction => ({
  id: row.id,
  ip: row.ip,
  strategy: row.strategy,
  isActive: row.is_active,
  ...(row.description ? { description: row.description } : {}),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** "203.0.113.7", "2001:db8::1", "10.0.0.0/8", "2001:db8::/32": normalised, or null when not an address or range. */
export function parseIpOrRange(value: string): string | null {
  const [address = '', prefix, extra] = value.trim().split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return null;
  if (prefix === undefined) return address.toLowerCase();
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) return null;
  return `${address.toLowerCase()}/${Number(prefix)}`;
}

/** An IPv4-mapped IPv6 address (::ffff:1.2.3.4, what a dual-stack socket reports) as IPv4. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

function matches(entries: string[], ip: string): boolean {
  const address = plainAddress(ip);
  const family = isIP(address);
  if (!family) return false;
  const list = new BlockList();
  for (const entry of entries) {
    const [base = '', prefix] = entry.split('/');
    const type = isIP(base) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined)
      list.addAddress(plainAddress(base), isIP(plainAddress(base)) === 6 ? 'ipv6' : 'ipv4');
    else list.addSubnet(base, Number(prefix), type);
  }
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export async function ipConfig(db: Database, tenantId: string): Promise<IpConfig> {
  const { rows } = await db.query<{ is_active: boolean; strategy: IpStrategy }>(
    'SELECT is_active, strategy FROM ip_restriction_configs WHERE tenant_id = $1',
    [tenantId],
  );
  return { isActive: rows[0]?.is_active ?? false, strategy: rows[0]?.strategy ?? 'ALLOW' };
}

export async function saveIpConfig(
  db: Database,
  tenantId: string,
  config: Partial<IpConfig>,
): Promise<IpConfig> {
  const current = await ipConfig(db, tenantId);
  const next = { ...current, ...config };
  await db.query(
    `INSERT INTO ip_restriction_configs (tenant_id, is_active, strategy) VALUES ($1, $2, $3)
     ON CONFLICT (tenant_id) DO UPDATE SET is_active = $2, strategy = $3, updated_at = now()`,
    [tenantId, next.isActive, next.strategy],
  );
  return next;
}

/** One page of the account's entries, newest first; `strategy` filters (spec 001 §9 default ALLOW). */
export async function listIpRestrictions(
  db: Database,
  tenantId: string,
  query: { offset: number; limit: number; strategy: IpStrategy | null },
): Promise<{ items: IpRestriction[]; _metadata: { totalItems: number; totalPages: number } }> {
  const params: unknown[] = [tenantId];
  const where = query.strategy ? `AND strategy = $${params.push(query.strategy)}` : '';
  const total = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ip_restrictions WHERE tenant_id = $1 ${where}`,
    params,
  );
  const { rows } = await db.query<Row>(
    `SELECT * FROM ip_restrictions WHERE tenant_id = $1 ${where}
      ORDER BY created_at DESC, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.limit, query.offset],
  );
  const totalItems = total.rows[0]?.n ?? 0;
  return {
    items: rows.map(toDto),
    _metadata: { totalItems, totalPages: Math.ceil(totalItems / query.limit) },
  };
}

/** Adds (or, for the same address and strategy, updates) entries; the addresses are parsed by the caller. */
export async function addIpRestrictions(
  db: Database,
  tenantId: string,
  entries: Array<{ ip: string; strategy: IpStrategy; isActive: boolean; description: string | null }>,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const entry of entries)
      await tx.query(
        `INSERT INTO ip_restrictions (tenant_id, ip, strategy, is_active, description) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (tenant_id, ip, strategy)
           DO UPDATE SET is_active = EXCLUDED.is_active, description = EXCLUDED.description, updated_at = now()`,
        [tenantId, entry.ip, entry.strategy, entry.isActive, entry.description],
      );
  });
}

export async function deleteIpRestriction(db: Database, tenantId: string, id: string): Promise<boolean> {
  const { rows } = await db.query(
    'DELETE FROM ip_restrictions WHERE tenant_id = $1 AND id = $2 RETURNING id',
    [tenantId, id],
  );
  return rows.length > 0;
}

/** Whether `ip` matches an active entry of `strategy` (the page's "is my address on the list"). */
export async function ipListed(
  db: Database,
  tenantId: string,
  ip: string,
  strategy: IpStrategy,
): Promise<boolean> {
  const { rows } = await db.query<{ ip: string }>(
    'SELECT ip FROM ip_restrictions WHERE tenant_id = $1 AND strategy = $2 AND is_active',
    [tenantId, strategy],
  );
  return matches(
    rows.map((r) => r.ip),
    ip,
  );
}

/**
 * Whether `ip` may reach `tenantId` under its IP restrictions: always while the config is off;
 * under ALLOW only a listed address; under BLOCK any but a listed one. No address known (a call
 * without a socket address): refused while the config is on.
 */
export async function ipAllowed(
  db: Database,
  tenantId: string | null,
  ip: string | undefined,
): Promise<boolean> {
  if (!tenantId) return true;
  const config = await ipConfig(db, tenantId);
  if (!config.isActive) return true;
  if (!ip) return false;
  const listed = await ipListed(db, tenantId, ip, config.strategy);
  return config.strategy === 'ALLOW' ? listed : !listed;
}

/**
 * `ipAllowed` from rows already read (the session guard reads the config and the active entries
 * of its strategy in the same query as the session: security-policies.ts `enforceSessionPolicy`).
 */
export function ipPermits(config: IpConfig, entries: string[], ip: string | undefined): boolean {
  if (!config.isActive) return true;
  if (!ip) return false;
  const listed = matches(entries, ip);
  return config.strategy === 'ALLOW' ? listed : !listed;
}
