/**
 * The members a report lists, in SQL (a port of core/domain/reports.ts; the schedules are the
 * domain's repository over the storage port, reportSchedules): one join of memberships and users.
 */
import type { ReportMember } from '../../core/domain/reports';
import type { Database } from './database';

export async function reportMembers(db: Database, tenantId: string): Promise<ReportMember[]> {
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
}
