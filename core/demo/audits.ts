/**
 * Demo mode's audit log: the handlers of core/domain/audit-log.ts (the server's own) over the
 * account's records, filtered and sorted in memory as the server's SQL does (severity by rank). It shows what was done
 * in the demo (recorded from the descriptors' `audit`, core/demo/dispatch.ts), then a sample
 * history made from the account's members: the same all through an hour (the newest at its
 * start), spread over the last two weeks.
 */
import { AUDIT_SEVERITIES, type AuditRecord, type AuditSeverity } from '../contract/audits';
import { auditTarget } from '../domain/audit';
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

type Json = Record<string, unknown>;

const SAMPLE_SIZE = 64;
const HOUR = 3_600_000;

/** What the samples say happened, with its severity and the details kept. */
const EVENTS: ReadonlyArray<[string, string, AuditSeverity, (target: DemoUser) => Json]> = [
  ['auth', 'User signed in', 'Info', () => ({})],
  ['auth', 'User failed to sign in', 'Medium', () => ({})],
  ['users', 'User invited', 'Info', (t) => ({ email: t.email, roleIds: ['Viewer'] })],
  ['roles', 'Role permissions changed', 'High', () => ({ roleId: 'Editor' })],
  ['mfa', 'MFA enrolled', 'Medium', () => ({ type: 'authenticator' })],
  ['auth', 'User signed out', 'Info', () => ({})],
  ['policies', 'Lockout policy changed', 'High', () => ({ enabled: true, maxAttempts: 5 })],
  ['tokens', 'API token created', 'Medium', () => ({ description: 'CI deploys' })],
  ['users', 'User removed', 'High', (t) => ({ userId: t.id })],
  ['restrictions', 'IP restriction added', 'Critical', () => ({ ip: '203.0.113.0/24', strategy: 'ALLOW' })],
];
const AGENTS = [
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148',
];

/** The audit's words for the samples' sign-ins (describe, core/domain/audit.ts). */
const SIGN_IN_WORDS: Record<string, string> = {
  'User failed to sign in': 'Could not sign in with password (wrong credentials)',
  'User signed in': 'Signed in with password',
};

/** The account's sample records, newest first (the audit streams' back-fill sends them too). */
export function samples(db: DemoDatabase, tenantId: string, now: number): AuditRecord[] {
  const members = usersOfAccount(db, tenantId);
  if (!members.length) return [];
  const base = Math.floor(now / HOUR) * HOUR;
  return Array.from({ length: SAMPLE_SIZE }, (_, i) => {
    const actor = members[i % members.length]!;
    const target = members[(i * 7 + 3) % members.length]!;
    const [resource, action, severity, details] = EVENTS[(i * 3) % EVENTS.length]!;
    // Spread over two weeks, a few today: minutes apart at first, then hours.
    const at = new Date(base - (i < 6 ? i * 7 * 60_000 : i * 5.2 * HOUR)).toISOString();
    const detail = details(target) as Record<string, AuditRecord['json'][number]['value']>;
    // Else the audit's words (core/domain/audit.ts): the action, then what it was about, never an id.
    const about = auditTarget(detail, { userId: target.email }, resource === 'policies');
    return {
      _id: `demo-audit-${i}`,
      createdAt: at,
      updatedAt: at,
      time: at,
      user: actor.id,
      email: actor.email,
      ip: `198.51.100.${(i * 37) % 250}`,
      userAgent: AGENTS[i % AGENTS.length]!,
      severity,
      resource,
      action,
      description: SIGN_IN_WORDS[action] ?? (about ? `${action}: ${about}` : action),
      json: Object.entries(detail).map(([key, value]) => ({ key, value })),
      tenantId,
      vendorId: DEMO_VENDOR_ID,
      __v: 0,
    };
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
