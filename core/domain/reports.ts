/**
 * Reports (spec 001 §7 "GET tenant reports, GET by id, preview-report as html, pdf or image with
 * base64 dataFilters, POST schedule, POST send"): the built-in report templates, each account's
 * schedules, rendering and sending, written once over ports. The schedules' repository is written
 * here over the storage port (core/domain/tables.ts: the `tenant_report_schedules` table), and so
 * are the members a report lists (core/domain/report-handlers.ts). Reports are rendered as
 * HTML (an email gets the same table as text); PDF and image are refused. A schedule is stored as
 * the account sets it; no worker runs it yet (docs/contract.md).
 */
import { contractError } from '../contract/errors';
import type { NewNotification } from './notifications';
import { saveRow, stamp, table, type Tables } from './tables';

export interface ReportSchedule {
  interval: 'daily' | 'weekly' | 'monthly' | 'custom';
  cron: string;
  tz: string;
  active: boolean;
  dataFilters?: Record<string, unknown>;
}

export interface StoredReport {
  templateId: string;
  schedule: ReportSchedule;
  status: string;
  dataFilters: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** A member as a report lists them. */
export interface ReportMember {
  name: string;
  email: string;
  createdAt: string;
  lastLogin: string | null;
}

export interface ReportPorts {
  stored(tenantId: string): Promise<StoredReport[]>;
  /** Writes the account's schedule of a template (created, or replaced). */
  save(tenantId: string, report: Omit<StoredReport, 'createdAt' | 'updatedAt'>): Promise<StoredReport>;
  members(tenantId: string): Promise<ReportMember[]>;
  now(): Date;
}

/** A row of `tenant_report_schedules` (server/storage/schema/reports.ts): an account's schedule of a template. */
interface ReportScheduleRow extends StoredReport {
  tenantId: string;
}

const reportSchedulesTable = table<ReportScheduleRow>('tenant_report_schedules', {
  tenantId: 'uuid',
  templateId: 'text',
  schedule: 'jsonb',
  status: 'text',
  dataFilters: 'jsonb',
  createdAt: 'timestamptz',
  updatedAt: 'timestamptz',
});

/** The accounts' schedules over `tables`, written at `now()`. */
export function reportSchedules(tables: Tables, now: () => number): Pick<ReportPorts, 'stored' | 'save'> {
  const storedOf = ({ tenantId: _, ...stored }: ReportScheduleRow): StoredReport => stored;
  return {
    stored: async (tenantId) =>
      (
        await tables.of(reportSchedulesTable).rows({ where: { tenantId }, orderBy: [{ by: 'templateId' }] })
      ).map(storedOf),
    async save(tenantId, { templateId, ...report }) {
      const at = stamp(now());
      // One writer at a time: the SQL's INSERT ... ON CONFLICT (tenant_id, template_id).
      const saved = await saveRow(
        tables,
        reportSchedulesTable,
        { tenantId, templateId },
        { ...report, updatedAt: at },
        () => ({
          tenantId,
          templateId,
          ...report,
          createdAt: at,
          updatedAt: at,
        }),
      );
      return storedOf(saved);
    },
  };
}

/** Sending also needs a mailbox and the bell. */
export interface ReportSendPorts extends ReportPorts {
  deliver(to: string, subject: string, text: string): Promise<void>;
  notify(notification: NewNotification): Promise<void>;
}

type Filter =
  | { type: 'text'; name: string; label: string; placeholder?: string }
  | {
      type: 'number';
      name: string;
      label: string;
      defaultValue: string;
      min: string;
      max: string;
      integer: true;
    };

interface Template {
  id: string;
  name: string;
  description: string;
  filters: Filter[];
  columns: string[];
  /** The rows of the report, from the account's members, the filter values and the time. */
  rows(members: ReportMember[], values: Record<string, string | number>, now: Date): string[][];
}

const CATALOGUE_DATE = '2026-11-27T00:00:00.000Z';
const DAY_MS = 86_400_000;
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : 'never');
const MEMBER_COLUMNS = ['Name', 'Email', 'Joined', 'Last sign-in'];
const memberRow = (m: ReportMember) => [m.name, m.email, day(m.createdAt), day(m.lastLogin)];

const TEMPLATES: readonly Template[] = [
  {
    id: 'members',
    name: 'Members',
    description: 'Every member of the account: name, email, when they joined and when they last signed in.',
    filters: [{ type: 'text', name: 'search', label: 'Name or email contains', placeholder: 'Search' }],
    columns: MEMBER_COLUMNS,
    rows: (members, values) => {
      const search = String(values.search ?? '').toLowerCase();
      return members
        .filter((m) => !search || `${m.name} ${m.email}`.toLowerCase().includes(search))
        .map(memberRow);
    },
  },
  {
    id: 'inactive-members',
    name: 'Inactive members',
    description: 'Members who have not signed in for a number of days, or never.',
    filters: [
      {
        type: 'number',
        name: 'days',
        label: 'Days without a sign-in',
        defaultValue: '30',
        min: '1',
        max: '365',
        integer: true,
      },
    ],
    columns: MEMBER_COLUMNS,
    rows: (members, values, now) => {
      const since = now.getTime() - Number(values.days) * DAY_MS;
      return members.filter((m) => !m.lastLogin || Date.parse(m.lastLogin) < since).map(memberRow);
    },
  },
];

function templateOf(id: string): Template {
  const template = TEMPLATES.find((t) => t.id === id);
  if (!template) throw contractError('REPORT_NOT_FOUND');
  return template;
}

/** `dataFilters` as the client SDK sends them: base64 of a JSON object (absent or empty: none). */
function decodeDataFilters(encoded: string | undefined): Record<string, unknown> {
  if (!encoded) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0))));
  } catch {
    throw contractError('REPORT_FILTERS_INVALID');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw contractError('REPORT_FILTERS_INVALID');
  return parsed as Record<string, unknown>;
}

/** The template's filter values: those given, checked, else the defaults; names it does not know are dropped. */
function filterValues(template: Template, given: Record<string, unknown>): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const filter of template.filters) {
    const value = given[filter.name];
    if (filter.type === 'text') {
      if (value !== undefined && (typeof value !== 'string' || value.length > 200))
        throw contractError('REPORT_FILTER_VALUE_INVALID', {
          name: filter.name,
          rule: 'a text of at most 200 characters',
        });
      values[filter.name] = (value as string | undefined) ?? '';
    } else {
      const number =
        value === undefined ? Number(filter.defaultValue) : typeof value === 'string' ? Number(value) : value;
      if (
        typeof number !== 'number' ||
        !Number.isInteger(number) ||
        number < +filter.min ||
        number > +filter.max
      )
        throw contractError('REPORT_FILTER_VALUE_INVALID', {
          name: filter.name,
          rule: `a whole number from ${filter.min} to ${filter.max}`,
        });
      values[filter.name] = number;
    }
  }
  return values;
}

/** The client SDK's IReportRecord of a template, with the account's schedule when it has one. */
function recordOf(template: Template, stored: StoredReport | undefined) {
  return {
    id: template.id,
    name: template.name,
    description: template.description,
    status: stored?.status ?? 'inactive',
    createdAt: stored?.createdAt ?? CATALOGUE_DATE,
    updatedAt: stored?.updatedAt ?? CATALOGUE_DATE,
    // Built-in templates: no editable HTML and no customer list of the vendor's.
    htmlTemplate: '',
    customerListApiUrl: '',
    type: 'html' as const,
    dataFilters: template.filters.map((config) => ({ type: config.type, config })),
    ...(stored ? { schedule: { ...stored.schedule, dataFilters: stored.dataFilters } } : {}),
  };
}
type ReportRecord = ReturnType<typeof recordOf>;

const COLUMNS = ['name', 'schedule', 'status', 'updatedAt', 'createdAt'] as const;

function jsonObject(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // refused below
  }
  throw contractError('REPORT_QUERY_INVALID');
}

/** getReports: `filters` ({ query, filterBy }) and `sort` ({ column, direction }) are JSON texts of the query. */
export async function listReports(
  ports: ReportPorts,
  tenantId: string,
  query: { filters?: string; sort?: string },
): Promise<ReportRecord[]> {
  const filters = jsonObject(query.filters);
  const sort = jsonObject(query.sort);
  const stored = await ports.stored(tenantId);
  let records = TEMPLATES.map((t) =>
    recordOf(
      t,
      stored.find((s) => s.templateId === t.id),
    ),
  );
  const text = typeof filters.query === 'string' ? filters.query.toLowerCase() : '';
  if (text) records = records.filter((r) => `${r.name} ${r.description}`.toLowerCase().includes(text));
  const by = filters.filterBy as { column?: unknown; value?: unknown } | undefined;
  if (by && COLUMNS.includes(by.column as (typeof COLUMNS)[number]))
    records = records.filter((r) => String(r[by.column as keyof ReportRecord]) === String(by.value));
  if (COLUMNS.includes(sort.column as (typeof COLUMNS)[number])) {
    const column = sort.column as keyof ReportRecord;
    const direction = sort.direction === 'desc' ? -1 : 1;
    records.sort((a, b) => String(a[column] ?? '').localeCompare(String(b[column] ?? '')) * direction);
  }
  return records;
}

export async function readReport(ports: ReportPorts, tenantId: string, id: string): Promise<ReportRecord> {
  const template = templateOf(id);
  return recordOf(
    template,
    (await ports.stored(tenantId)).find((s) => s.templateId === id),
  );
}

const CRON_FIELD = /^(\*|\d{1,2}(-\d{1,2})?)(\/\d{1,2})?(,(\*|\d{1,2}(-\d{1,2})?)(\/\d{1,2})?)*$/;
const timeZones = (() => {
  let known: Set<string> | undefined;
  return () => (known ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']));
})();

/** scheduleReport: the account's schedule of a template (HTML only), its filters checked against the template's. */
export async function scheduleReport(
  ports: ReportPorts,
  tenantId: string,
  templateId: string,
  body: { schedule: ReportSchedule; status: string; dataFilters?: string; type: string },
): Promise<ReportRecord> {
  const template = templateOf(templateId);
  if (body.type !== 'html') throw contractError('REPORT_FORMAT_UNSUPPORTED');
  const fields = body.schedule.cron.trim().split(/\s+/);
  if (fields.length !== 5 || !fields.every((f) => CRON_FIELD.test(f)) || !timeZones().has(body.schedule.tz))
    throw contractError('REPORT_SCHEDULE_INVALID');
  const given = decodeDataFilters(body.dataFilters);
  filterValues(template, given);
  const kept = Object.fromEntries(
    template.filters.filter((f) => f.name in given).map((f) => [f.name, given[f.name]]),
  );
  const { dataFilters: _ignored, ...schedule } = body.schedule;
  const stored = await ports.save(tenantId, {
    templateId,
    schedule: { ...schedule, cron: fields.join(' ') },
    status: body.status,
    dataFilters: kept,
  });
  return recordOf(template, stored);
}

interface Rendered {
  title: string;
  columns: string[];
  rows: string[][];
  generatedAt: string;
}

async function render(
  ports: ReportPorts,
  tenantId: string,
  templateId: string,
  given: Record<string, unknown>,
) {
  const template = templateOf(templateId);
  const values = filterValues(template, given);
  const now = ports.now();
  const rows = template.rows(await ports.members(tenantId), values, now);
  return { title: template.name, columns: template.columns, rows, generatedAt: now.toISOString() };
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function toHtml(report: Rendered): string {
  const cells = (tag: string, row: string[]) => row.map((c) => `<${tag}>${escape(c)}</${tag}>`).join('');
  const body = report.rows.map((row) => `<tr>${cells('td', row)}</tr>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(report.title)}</title></head><body><h1>${escape(report.title)}</h1><p>Generated ${escape(report.generatedAt)}: ${report.rows.length} rows</p><table><thead><tr>${cells('th', report.columns)}</tr></thead><tbody>${body}</tbody></table></body></html>`;
}

const toText = (report: Rendered) =>
  [
    `${report.title} (generated ${report.generatedAt})`,
    '',
    report.columns.join('\t'),
    ...report.rows.map((r) => r.join('\t')),
  ].join('\n');

/** preview-report (renderReport, downloadReport): the report as an HTML page. */
export async function previewReport(
  ports: ReportPorts,
  tenantId: string,
  query: { templateId: string; dataFilters?: string; responseType?: string },
): Promise<string> {
  if (query.responseType && query.responseType !== 'html') throw contractError('REPORT_FORMAT_UNSUPPORTED');
  return toHtml(await render(ports, tenantId, query.templateId, decodeDataFilters(query.dataFilters)));
}

/** sendReport: the report (its schedule's filters, else the defaults) emailed to each address; the sender is notified. */
export async function sendReport(
  ports: ReportSendPorts,
  caller: { tenantId: string; userId: string },
  body: { templateId: string; to: string[] },
): Promise<void> {
  const stored = (await ports.stored(caller.tenantId)).find((s) => s.templateId === body.templateId);
  const report = await render(ports, caller.tenantId, body.templateId, stored?.dataFilters ?? {});
  const recipients = [...new Set(body.to.map((to) => to.trim().toLowerCase()))];
  for (const to of recipients) await ports.deliver(to, `Report: ${report.title}`, toText(report));
  await ports.notify({
    tenantId: caller.tenantId,
    userId: caller.userId,
    key: 'report.sent',
    title: `Report sent: ${report.title}`,
    body: `Sent to ${recipients.join(', ')} (${report.rows.length} rows).`,
    severity: 'info',
    url: '',
  });
}
