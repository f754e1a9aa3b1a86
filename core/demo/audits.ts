/**
 * Demo mode's audit log: the handlers of core/domain/audit-log.ts (the server's own) over the
 * account's records, filtered and sorted in memory as the server's SQL does (severity by rank). It shows what was done
 * in the demo (recorded from the descriptors' `audit`, core/demo/dispatch.ts), then a sample
 * history made from the account's members: the same all through an hour (the newest at its
 * start), spread over the last two weeks.
 */
import { AUDIT_SEVERITIES, type AuditRecord, type AuditSeverity } from '../contract/audits';
import { routeNamed, type RouteName } from '../contract/routes';
import { auditOutcome, auditRecord, auditRow, type AuditDetails } from '../domain/audit';
import { AUDIT_LOG_HANDLERS, auditsEntity, type AuditFilter, type AuditLogPorts } from '../domain/audit-log';
import {
  DEMO_VENDOR_CREATED_AT,
  DEMO_VENDOR_ID,
  usersOfAccount,
  type DemoDatabase,
  type DemoUser,
} from './data';
import { by, descending, page, type DemoClock } from './rows';
import { demoHandlers } from './shared';

const SAMPLE_SIZE = 64;
const HOUR = 3_600_000;

/**
 * The samples' calls: the route (its descriptor's `audit` says the action, severity and words),
 * what the request carried, and the answer's status when it was refused. Recorded as the server's
 * audit hook records such a call (core/domain/audit.ts), the target's email the name of its id.
 */
const CALLS: ReadonlyArray<[RouteName, (target: DemoUser) => AuditDetails, number?]> = [
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

/** The account's sample records, newest first (the audit streams' back-fill sends them too). */
export function samples(db: DemoDatabase, tenantId: string, now: number): AuditRecord[] {
  const members = usersOfAccount(db, tenantId);
  if (!members.length) return [];
  const base = Math.floor(now / HOUR) * HOUR;
  return Array.from({ length: SAMPLE_SIZE }, (_, i) => {
    const actor = members[i % members.length]!;
    const target = members[(i * 7 + 3) % members.length]!;
    const [name, details, status = 200] = CALLS[(i * 3) % CALLS.length]!;
    const entry = routeNamed(name).audit!;
    const names = { userId: target.email };
    const row = auditRow(entry, auditOutcome(entry, status)!, status, details(target), names);
    // Spread over two weeks, a few today: minutes apart at first, then hours.
    const at = new Date(base - (i < 6 ? i * 7 * 60_000 : i * 5.2 * HOUR)).toISOString();
    const stamp = { id: `demo-audit-${i}`, at, userId: actor.id, email: actor.email, tenantId };
    const from = { ip: `198.51.100.${(i * 37) % 250}`, userAgent: AGENTS[i % AGENTS.length]! };
    return auditRecord({ ...stamp, ...from, vendorId: DEMO_VENDOR_ID }, row);
  });
}

const rank = (severity: string) => AUDIT_SEVERITIES.indexOf(severity as AuditSeverity);
const contains = (value: string, part: string) => value.toLowerCase().includes(part.toLowerCase());

/** The records matching the filters, in the list's order (the server's WHERE and ORDER BY). */
function matching(records: AuditRecord[], query: AuditFilter): AuditRecord[] {
  const search = query.filter?.trim();
  const field = (r: AuditRecord, name: string) => String(r[name as keyof AuditRecord] ?? '');
  const key = (r: AuditRecord) => (query.sortBy === 'severity' ? rank(r.severity) : field(r, query.sortBy));
  const matches = (r: AuditRecord, name: string, value: string) =>
    name === 'createdAt'
      ? r.createdAt.startsWith(value)
      : name === 'severity'
        ? r.severity.toLowerCase() === value.toLowerCase()
        : contains(field(r, name), value);
  const order = descending(
    by(key, (r) => r._id),
    query.sortDirection !== 'asc',
  );
  return records
    .filter(
      (r) =>
        (!search || [r.email, r.action, r.description, r.ip].some((v) => contains(v, search))) &&
        Object.entries(query.filters ?? {}).every(
          ([name, raw]) => !raw?.trim() || matches(r, name, raw.trim()),
        ),
    )
    .sort(order);
}

/** The audits entity of GET /metadata (its columns). */
export const demoAuditsMetadata = () => auditsEntity(DEMO_VENDOR_ID, DEMO_VENDOR_CREATED_AT);

/** The audit log's ports over the account's records. */
function demoAuditLogPorts(db: DemoDatabase, tenantId: string, now: () => number): AuditLogPorts {
  // Newest first: what was done in the demo (core/demo/dispatch.ts records it from the route table,
  // as the server's audit hook does), then the sample history.
  const records = () => [
    ...(db.audits ?? []).filter((r) => r.tenantId === tenantId),
    ...samples(db, tenantId, now()),
  ];
  return {
    async page(_tenant, query) {
      const { items, total } = page(matching(records(), query), query.offset, query.count);
      return { data: items, total };
    },
    count: async (_tenant, since, severities) =>
      records().filter(
        (r) => Date.parse(r.createdAt) >= since.getTime() && (!severities || severities.includes(r.severity)),
      ).length,
    async *batches(_tenant, query) {
      yield matching(records(), query);
    },
    now,
  };
}

/** GET /audits, GET /audits/stats and the CSV exports (core/domain/audit-log.ts) over the account's records. */
export const demoAuditRoutes = ({ now }: DemoClock) =>
  demoHandlers(AUDIT_LOG_HANDLERS, (db, user) => demoAuditLogPorts(db, user.tenantId, now));
