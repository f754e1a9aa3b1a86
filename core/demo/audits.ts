/**
 * Demo mode's audit log's own part: the log is an area of both backends (core/domain/audit-log.ts
 * over the rows of `audits` in the page's stored tables, which core/demo/dispatch.ts records as the
 * server's audit hook does). An account's sample history, made from its members, is stored as rows
 * the first time its log is read (the platform's `readyAuditLog`, core/demo/platform.ts): the same
 * all through an hour (the newest at its start), spread over the two weeks before it.
 */
import { routeNamed, type RouteName } from '../contract/routes';
import { auditOutcome, auditRow, auditTableRow, type AuditDetails } from '../domain/audit';
import { AUDITS, DEFAULT_AUDIT_RETENTION_DAYS, type AuditTableRow } from '../domain/audit-log';
import { MEMBERSHIPS } from '../domain/membership-tables';
import { before, inRows, stamp } from '../domain/tables';
import { USERS, type UserRow } from '../domain/user-tables';
import type { DemoDatabase } from './data';
import { memoryTables } from './tables';

const SAMPLE_SIZE = 64;
const HOUR = 3_600_000;

/**
 * The samples' calls: the route (its descriptor's `audit` says the action, severity and words),
 * what the request carried, and the answer's status when it was refused. Recorded as the server's
 * audit hook records such a call (core/domain/audit.ts), the target's email the name of its id.
 */
const CALLS: ReadonlyArray<[RouteName, (target: UserRow) => AuditDetails, number?]> = [
  ['postAuthUser', () => ({})],
  ['postAuthUser', () => ({}), 401],
  ['postUsers', (t) => ({ email: t.email, roleIds: ['Viewer'] })],
  ['putRolesByRoleIdPermissions', () => ({ roleId: 'Editor' })],
  ['postUsersMfaAuthenticatorEnrollVerify', () => ({ type: 'authenticator' })],
  ['postAuthLogout', () => ({})],
  ['postConfigurationsLockoutPolicy', () => ({ enabled: true, maxAttempts: 5 })],
  ['postTenantsApiTokensV2', () => ({ description: 'CI deploys' })],
  ['deleteUsersByUserId', (t) => ({ userId: t.id })],
  ['postConfigurationsRestrictionsIp', () => ({ ip: '203.0.113.0/24', strategy: 'ALLOW' })],
];
const AGENTS = [
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148',
];

/** The id of an account's n-th sample record (the first one says the samples are stored). */
const sampleId = (tenantId: string, n: number) => `demo-audit-${tenantId}-${n}`;

/** The sample rows of the account of these members as of `now`, newest first. */
export function sampleRows(members: UserRow[], tenantId: string, now: number): AuditTableRow[] {
  const base = Math.floor(now / HOUR) * HOUR;
  return members.length === 0
    ? []
    : Array.from({ length: SAMPLE_SIZE }, (_, i) => {
        const actor = members[i % members.length]!;
        const target = members[(i * 7 + 3) % members.length]!;
        const [name, details, status = 200] = CALLS[(i * 3) % CALLS.length]!;
        const entry = routeNamed(name).audit!;
        const names = { userId: target.email };
        const row = auditRow(entry, auditOutcome(entry, status)!, status, details(target), names);
        // Spread over two weeks, a few today: minutes apart at first, then hours.
        const at = base - (i < 6 ? i * 7 * 60_000 : i * 5.2 * HOUR);
        const event = {
          tenantId,
          actorUserId: actor.id,
          actorEmail: actor.email,
          ip: `198.51.100.${(i * 37) % 250}`,
          userAgent: AGENTS[i % AGENTS.length]!,
          ...row,
        };
        return auditTableRow(event, { now: () => at, newId: () => sampleId(tenantId, i) });
      });
}

/**
 * Readies the account's log for a read: records older than the default retention go (the server's
 * hourly purge), and the sample history is stored as rows the first time.
 */
export async function readyAuditLog(db: DemoDatabase, tenantId: string, now: number) {
  const tables = memoryTables((db.tables ??= {}));
  const audits = tables.of(AUDITS);
  await audits.remove({ createdAt: before(stamp(now - DEFAULT_AUDIT_RETENTION_DAYS * 24 * HOUR)) });
  if (await audits.row({ tenantId, id: sampleId(tenantId, 0) })) return;
  const members = await tables.of(USERS).rows({ where: { id: inRows(MEMBERSHIPS, 'userId', { tenantId }) } });
  await audits.insertAll(sampleRows(members, tenantId, now));
}
