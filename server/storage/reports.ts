/** Report schedules and the members a report lists, in SQL (the ports of core/domain/reports.ts). */
import type { ReportMember, ReportPorts, ReportSchedule, StoredReport } from '../../core/domain/reports';
import type { Database } from './database';

interface Row {
  template_id: string;
  schedule: ReportSchedule;
  status: string;
  data_filters: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

const toStored = (row: Row): StoredReport => ({
  templateId: row.template_id,
  schedule: row.schedule,
  status: row.status,
  dataFilters: row.data_filters,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

const COLUMNS = 'template_id, schedule, status, data_filters, created_at, updated_at';

export const reportStorage = (db: Database): ReportPorts => ({
  async stored(tenantId) {
    const { rows } = await db.query<Row>(
      `SELECT ${COLUMNS} FROM tenant_report_schedules WHERE tenant_id = $1 ORDER BY template_id`,
      [tenantId],
    );
    return rows.map(toStored);
  },
  async save(tenantId, report) {
    const { rows } = await db.query<Row>(
      `INSERT INTO tenant_report_schedules (tenant_id, template_id, schedule, status, data_filters)
        VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT (tenant_id, template_id) DO UPDATE SET schedule = EXCLUDED.schedule,
          status = EXCLUDED.status, data_filters = EXCLUDED.data_filters, updated_at = now()
        RETURNING ${COLUMNS}`,
      [
        tenantId,
        report.templateId,
        JSON.stringify(report.schedule),
        report.status,
        JSON.stringify(report.dataFilters),
      ],
    );
    return toStored(rows[0]!);
  },
  async members(tenantId): Promise<ReportMember[]> {
    const { rows } = await db.query<{
      name: string | null;
      email: string;
      created_at: Date;
      last_login: Date | null;
    }>(
      `SELECT u.name, u.email, u.created_at, u.last_login FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.tenant_id = $1 ORDER BY lower(u.email)`,
      [tenantId],
    );
    return rows.map((r) => ({
      name: r.name ?? '',
      email: r.email,
      createdAt: r.created_at.toISOString(),
      lastLogin: r.last_login?.toISOString() ?? null,
    }));
  },
  now: () => new Date(),
});
