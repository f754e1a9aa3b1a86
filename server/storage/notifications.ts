/** A member's notifications in SQL (the repository of core/domain/notifications.ts). */
import type {
  NewNotification,
  NotificationsRepository,
  StoredNotification,
} from '../../core/domain/notifications';
import type { Database } from './database';

interface Row {
  id: string;
  key: string;
  title: string;
  body: string;
  severity: StoredNotification['severity'];
  url: string;
  status: StoredNotification['status'];
  is_pinned: boolean;
  created_at: Date;
}

const toStored = (row: Row): StoredNotification => ({
  id: row.id,
  key: row.key,
  title: row.title,
  body: row.body,
  severity: row.severity,
  url: row.url,
  status: row.status,
  isPinned: row.is_pinned,
  createdAt: row.created_at.toISOString(),
});

const MEMBER = 'tenant_id = $1 AND user_id = $2';

export const notificationsRepository = (db: Database): NotificationsRepository => ({
  async list(tenantId, userId, page) {
    const { rows } = await db.query<Row>(
      `SELECT id, key, title, body, severity, url, status, is_pinned, created_at FROM notifications
        WHERE ${MEMBER} AND status <> 'archived'
        ORDER BY is_pinned DESC, seq DESC OFFSET $3 LIMIT $4`,
      [tenantId, userId, page.offset, page.count],
    );
    return rows.map(toStored);
  },
  async add(n: NewNotification) {
    await db.query(
      `INSERT INTO notifications (tenant_id, user_id, key, title, body, severity, url)
        VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [n.tenantId, n.userId, n.key, n.title, n.body, n.severity, n.url],
    );
  },
  async change(tenantId, userId, id, changes) {
    const { status = null, isPinned = null } = changes as { status?: string; isPinned?: boolean };
    const { rows } = await db.query(
      `UPDATE notifications SET status = COALESCE($4, status), is_pinned = COALESCE($5, is_pinned)
        WHERE ${MEMBER} AND id = $3 RETURNING id`,
      [tenantId, userId, id, status, isPinned],
    );
    return rows.length > 0;
  },
  async markAllRead(tenantId, userId) {
    await db.query(`UPDATE notifications SET status = 'read' WHERE ${MEMBER} AND status = 'unread'`, [
      tenantId,
      userId,
    ]);
  },
});

/** The vendor's id, for the notifications entity of GET /metadata ('' before the seed made one). */
export async function vendorIdOf(db: Database): Promise<string> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM vendors ORDER BY created_at LIMIT 1');
  return rows[0]?.id ?? '';
}
