/**
 * The audit log's reads in SQL (issue 15): one account's page with sort, filters and search, and
 * its records a batch at a time for the CSV export (`auditSearch`, the narrow port of
 * core/domain/audit-log.ts that the storage port cannot say: the search over one text of four
 * columns, the trigram index's expression; severity by rank; a total counted up to
 * AUDIT_COUNT_LIMIT; keyset batches), and the retention purge. Records are written by
 * core/domain/audit.ts (`recordAudit`, over the storage port) and counted for the stats by
 * core/domain/audit-log.ts. The table refuses UPDATE and DELETE itself (storage/schema/audits.ts);
 * only `purgeAudits` deletes, inside its own transaction.
 */
import {
  AUDIT_COUNT_LIMIT,
  AUDIT_SEVERITIES,
  type AuditColumnName,
  type AuditQuery,
  type AuditRecord,
} from '../../core/contract/audits';
import {
  auditRecordOf,
  auditsEntity,
  type AuditFilter,
  type AuditSearch,
  type AuditTableRow,
} from '../../core/domain/audit-log';
import type { Database } from './database';

/** A row as the SELECT below reads it: the table's fields, the vendor's id. */
type AuditRow = Omit<AuditTableRow, 'createdAt'> & { createdAt: Date | string; vendor_id: string | null };

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const toRecord = (row: AuditRow): AuditRecord =>
  auditRecordOf({ ...row, createdAt: iso(row.createdAt) }, row.vendor_id);

/** The SQL expression behind each sortable or filterable column. */
const EXPRESSIONS: Partial<Record<AuditColumnName, string>> = {
  createdAt: 'a.created_at',
  email: "COALESCE(a.actor_email, '')",
  action: 'a.action',
  ip: "COALESCE(a.ip, '')",
  // By rank, not by name: Info, Medium, High, Critical.
  severity: `array_position(ARRAY[${AUDIT_SEVERITIES.map((name) => `'${name}'`).join(', ')}]::text[], a.severity)`,
  userAgent: "COALESCE(a.user_agent, '')",
};

/** What the search box looks in: the expression of the trigram index (storage/schema/audits.ts). */
const SEARCH_TEXT = `lower(COALESCE(a.actor_email, '') || ' ' || a.action || ' ' || a.description || ' ' || COALESCE(a.ip, ''))`;

/** `%text%` for ILIKE, with the pattern's own wildcards escaped. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The WHERE clause of one account's filtered records, and its parameters. */
function whereOf(
  tenantId: string,
  query: Pick<AuditQuery, 'filter' | 'filters'>,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [tenantId];
  const parts = ['a.tenant_id = $1'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    parts.push(sql(`$${params.length}`));
  };
  const search = query.filter?.trim();
  if (search) add((n) => `${SEARCH_TEXT} LIKE ${n}`, containing(search.toLowerCase()));
  for (const [name, raw] of Object.entries(query.filters ?? {}) as Array<[AuditColumnName, string]>) {
    const value = raw?.trim();
    if (!value) continue;
    if (name === 'createdAt') {
      // A day (YYYY-MM-DD, UTC): the records of that day. The route's schema refuses anything else.
      if (!DAY.test(value)) continue;
      add((n) => `a.created_at >= ${n}::date AND a.created_at < ${n}::date + 1`, value);
    } else if (name === 'severity') add((n) => `lower(a.severity) = lower(${n})`, value);
    else if (EXPRESSIONS[name]) add((n) => `${EXPRESSIONS[name]} ILIKE ${n}`, containing(value));
  }
  return { sql: parts.join(' AND '), params };
}

/** The SQL type of the sortable expressions that are not text. */
const SORT_TYPES: Partial<Record<AuditColumnName, string>> = { createdAt: 'timestamptz', severity: 'int' };

const SELECT = `SELECT a.id, a.created_at AS "createdAt", a.tenant_id AS "tenantId",
  a.actor_user_id AS "actorUserId", a.actor_email AS "actorEmail", a.impersonator_email AS "impersonatorEmail",
  a.ip, a.user_agent AS "userAgent", a.severity, a.resource, a.action, a.description, a.details,
  (SELECT id FROM vendors ORDER BY created_at LIMIT 1) AS vendor_id FROM audits a`;

function orderOf(query: Pick<AuditQuery, 'sortBy' | 'sortDirection'>): string {
  const expression = EXPRESSIONS[query.sortBy] ?? EXPRESSIONS.createdAt;
  const direction = query.sortDirection === 'asc' ? 'ASC' : 'DESC';
  return `${expression} ${direction}, a.id ${direction}`;
}

/** The page and the export over the database (core/domain/audit-log.ts `AuditSearch`). */
export function auditSearch(db: Database): AuditSearch {
  return {
    page: (tenantId, query) => auditPage(db, tenantId, query),
    batches: (tenantId, query) => auditBatches(db, tenantId, query),
  };
}

/**
 * One page of an account's records and how many match, counted up to AUDIT_COUNT_LIMIT: counting
 * millions of rows for a page number nobody reaches costs seconds, so past it the total says "at
 * least" (the page shows "10,000+") and filters narrow the list.
 */
async function auditPage(
  db: Database,
  tenantId: string,
  query: AuditQuery,
): Promise<{ data: AuditRecord[]; total: number }> {
  const where = whereOf(tenantId, query);
  const n = where.params.length;
  const [page, count] = await Promise.all([
    db.query<AuditRow>(
      `${SELECT} WHERE ${where.sql} ORDER BY ${orderOf(query)} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...where.params, query.count, query.offset],
    ),
    db.query<{ total: string | number }>(
      `SELECT count(*) AS total FROM (SELECT 1 FROM audits a WHERE ${where.sql} LIMIT ${AUDIT_COUNT_LIMIT}) matched`,
      where.params,
    ),
  ]);
  return { data: page.rows.map(toRecord), total: Number(count.rows[0]?.total ?? 0) };
}

/** Rows per database read while exporting: memory stays at one batch whatever the total. */
const EXPORT_BATCH = 1000;

/**
 * An account's filtered records, in the list's order, a batch at a time by keyset (the last row's
 * sort value and id), so 100,000 records never sit in memory together, and a batch's query stays as
 * fast at the end as at the start.
 */
async function* auditBatches(
  db: Database,
  tenantId: string,
  query: AuditFilter,
): AsyncGenerator<AuditRecord[]> {
  const where = whereOf(tenantId, query);
  const expression = EXPRESSIONS[query.sortBy] ?? EXPRESSIONS.createdAt!;
  const sortKey = (EXPRESSIONS[query.sortBy] ? query.sortBy : 'createdAt') as AuditColumnName;
  // The last row's sort value as PostgreSQL writes it (a time keeps its microseconds), cast back.
  const cast = SORT_TYPES[sortKey] ?? 'text';
  const select = SELECT.replace(' FROM audits a', `, (${expression})::text AS sort_key FROM audits a`);
  const after = query.sortDirection === 'asc' ? '>' : '<';
  let last: { value: string; id: string } | null = null;
  for (;;) {
    const params = [...where.params];
    let keyset = '';
    if (last) {
      params.push(last.value, last.id);
      keyset = ` AND (${expression}, a.id) ${after} ($${params.length - 1}::${cast}, $${params.length}::uuid)`;
    }
    params.push(EXPORT_BATCH);
    const { rows } = await db.query<AuditRow & { sort_key: string }>(
      `${select} WHERE ${where.sql}${keyset} ORDER BY ${orderOf(query)} LIMIT $${params.length}`,
      params,
    );
    if (!rows.length) return;
    yield rows.map(toRecord);
    if (rows.length < EXPORT_BATCH) return;
    const tail = rows[rows.length - 1]!;
    last = { value: tail.sort_key, id: tail.id };
  }
}

/**
 * Deletes the records older than `days` (the retention; server option `auditRetentionDays`), the
 * only DELETE the table's trigger lets through. Returns how many went.
 */
export async function purgeAudits(db: Database, days: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL audits.purge = 'on'`);
    const { rows } = await tx.query<{ n: string | number }>(
      `WITH gone AS (DELETE FROM audits WHERE created_at < now() - make_interval(days => $1) RETURNING 1)
       SELECT count(*) AS n FROM gone`,
      [days],
    );
    return Number(rows[0]?.n ?? 0);
  });
}

/** The audits entity of GET /metadata (core/domain/audit-log.ts), dated by the vendor's creation. */
export async function auditMetadata(db: Database) {
  const { rows } = await db.query<{ id: string; created_at: Date | string }>(
    'SELECT id, created_at FROM vendors ORDER BY created_at LIMIT 1',
  );
  const vendor = rows[0];
  return auditsEntity(vendor?.id ?? '', vendor ? iso(vendor.created_at) : new Date(0).toISOString());
}
