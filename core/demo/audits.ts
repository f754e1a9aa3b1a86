/**
 * Demo mode's audit log, answering like the reference server (server/routes/audits.ts): the same
 * routes, sort (severity by rank), filters, search, stats and CSV (core/api/audits.ts writes both).
 * Queries and access are checked before this runs, from the route table. It shows what was done
 * in the demo (recorded from the descriptors' `audit`, core/demo/dispatch.ts), then a sample
 * history made from the account's members: the same all through an hour (the newest at its
 * start), spread over the last two weeks.
 */
import { type Answer, ok } from '../contract/answer';
import {
  AUDIT_COLUMNS,
  AUDIT_MAX_COUNT,
  AUDIT_PAGE_SIZE,
  AUDIT_SEVERITIES,
  csvHeader,
  csvLine,
  exportColumns,
  FILTERABLE_AUDIT_COLUMNS,
  SEVERE,
  type AuditColumnName,
  type AuditRecord,
  type AuditSeverity,
} from '../api/audits';
import { auditTarget } from '../domain/audit';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRoutes } from './dispatch';

type Json = Record<string, unknown>;

const SAMPLE_SIZE = 64;
const HOUR = 3_600_000;
const DEMO_VENDOR_CREATED = '2024-01-01T00:00:00.000Z';

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

/** The server's words (server/http/audit-hook.ts): the action, then what it was about, never an id. */
function described(action: string, detail: Json, settings: boolean, names: Record<string, string>): string {
  const target = auditTarget(detail as Record<string, AuditRecord['json'][number]['value']>, names, settings);
  return target ? `${action}: ${target}` : action;
}

/** The account's sample records, newest first (the audit streams' back-fill sends them too). */
export function samples(db: DemoDatabase, tenantId: string, now: number): AuditRecord[] {
  const members = db.users.filter((u) => u.tenantId === tenantId);
  if (!members.length) return [];
  const base = Math.floor(now / HOUR) * HOUR;
  return Array.from({ length: SAMPLE_SIZE }, (_, i) => {
    const actor = members[i % members.length]!;
    const target = members[(i * 7 + 3) % members.length]!;
    const [resource, action, severity, details] = EVENTS[(i * 3) % EVENTS.length]!;
    // Spread over two weeks, a few today: minutes apart at first, then hours.
    const at = new Date(base - (i < 6 ? i * 7 * 60_000 : i * 5.2 * HOUR)).toISOString();
    const detail = details(target);
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
      description:
        action === 'User failed to sign in'
          ? 'Could not sign in with password (wrong credentials)'
          : action === 'User signed in'
            ? 'Signed in with password'
            : described(action, detail, resource === 'policies', { userId: target.email }),
      json: Object.entries(detail).map(([key, value]) => ({
        key,
        value: value as AuditRecord['json'][number]['value'],
      })),
      tenantId,
      vendorId: 'demo-vendor',
      __v: 0,
    };
  });
}

const rank = (severity: string) => AUDIT_SEVERITIES.indexOf(severity as AuditSeverity);

function matching(records: AuditRecord[], query: Record<string, string>): AuditRecord[] {
  const contains = (value: string, part: string) => value.toLowerCase().includes(part.toLowerCase());
  const search = query.filter?.trim();
  const sortBy = (query.sortBy ?? 'createdAt') as AuditColumnName;
  const direction = query.sortDirection?.toLowerCase() === 'asc' ? 1 : -1;
  return records
    .filter(
      (r) =>
        (!search || [r.email, r.action, r.description, r.ip].some((v) => contains(v, search))) &&
        FILTERABLE_AUDIT_COLUMNS.every((name) => {
          const value = query[name]?.trim();
          if (!value) return true;
          if (name === 'createdAt') return r.createdAt.startsWith(value);
          if (name === 'severity') return r.severity.toLowerCase() === value.toLowerCase();
          return contains(String(r[name as keyof AuditRecord] ?? ''), value);
        }),
    )
    .sort((a, b) => {
      const [x, y] =
        sortBy === 'severity'
          ? [rank(a.severity), rank(b.severity)]
          : [String(a[sortBy as keyof AuditRecord] ?? ''), String(b[sortBy as keyof AuditRecord] ?? '')];
      return (x < y ? -1 : x > y ? 1 : a._id < b._id ? -1 : 1) * direction;
    });
}

/** The audits entity of GET /metadata (its columns). */
export function demoAuditsMetadata(): Answer {
  return ok({
    rows: [
      {
        entityName: 'audits',
        id: 'audits',
        createdAt: DEMO_VENDOR_CREATED,
        updatedAt: DEMO_VENDOR_CREATED,
        vendorId: 'demo-vendor',
        properties: AUDIT_COLUMNS,
        theme: { id: 'default', name: 'default', styles: {} },
      },
    ],
  });
}

type Request = { body: Json; query: Record<string, string> };

/**
 * The account's records, newest first: what was done in the demo (core/demo/dispatch.ts records
 * it from the route table, as the server's audit hook does), then the sample history.
 */
function recordsOf(db: DemoDatabase, tenantId: string, now: number): AuditRecord[] {
  return [...(db.audits ?? []).filter((r) => r.tenantId === tenantId), ...samples(db, tenantId, now)];
}

/** The CSV export, as text: the demo transport hands a string answer over as it is. */
function exported(records: AuditRecord[], { body, query }: Request): Answer {
  const properties = (body as { properties?: Array<{ name?: unknown }> }).properties;
  const columns = exportColumns(Array.isArray(properties) ? properties : undefined);
  return {
    status: 200,
    body:
      csvHeader(columns) +
      matching(records, query)
        .map((r) => csvLine(r, columns))
        .join(''),
  };
}

/** GET /audits, GET /audits/stats and the CSV exports (the access check ran before: core/demo/dispatch.ts). */
export function demoAuditRoutes(
  now: () => number,
): DemoRoutes<(db: DemoDatabase, user: DemoUser, request: Request) => Answer> {
  return {
    getAudits: (db, user, { query }) => {
      const found = matching(recordsOf(db, user.tenantId, now()), query);
      const offset = Number(query.offset ?? 0);
      const count = Math.min(AUDIT_MAX_COUNT, Math.max(1, Number(query.count ?? AUDIT_PAGE_SIZE)));
      return ok({ data: found.slice(offset, offset + count), total: found.length });
    },
    getAuditsStats: (db, user) => {
      const records = recordsOf(db, user.tenantId, now());
      const today = new Date(now()).toISOString().slice(0, 10);
      const weekAgo = new Date(now() - 7 * 24 * HOUR).toISOString();
      return ok({
        totalToday: records.filter((r) => r.createdAt.startsWith(today)).length,
        severeThisWeek: records.filter((r) => SEVERE.includes(r.severity) && r.createdAt >= weekAgo).length,
      });
    },
    postAuditsExportCsv: (db, user, request) => exported(recordsOf(db, user.tenantId, now()), request),
    postAuditsExportCsvV2: (db, user, request) => exported(recordsOf(db, user.tenantId, now()), request),
  };
}
