/**
 * A member's notifications (spec 001 §7 "notifications GET, PUT /status, PUT pin status, POST
 * /status/mark-all-read", and the notifications entity of GET /metadata): the rules and their
 * repository, written once over the storage port (core/domain/tables.ts): the `notifications`
 * table, SQL on the server, the page's stored rows in demo mode. What writes one: a report sent or
 * scheduled (core/domain/reports.ts).
 */
import { contractError } from '../contract/errors';
import { not, stamp, table, type Tables } from './tables';

export type NotificationStatus = 'read' | 'unread' | 'archived';
export type NotificationSeverity = 'info' | 'warning' | 'critical';

export interface StoredNotification {
  id: string;
  /** What kind of event wrote it (`report.sent`, `report.scheduled`). */
  key: string;
  title: string;
  body: string;
  severity: NotificationSeverity;
  /** Where the bell sends the member (a path of the application, or empty). */
  url: string;
  status: NotificationStatus;
  isPinned: boolean;
  createdAt: string;
}

export interface NewNotification {
  tenantId: string;
  userId: string;
  key: string;
  title: string;
  body: string;
  severity: NotificationSeverity;
  url: string;
}

export interface NotificationsRepository {
  /** The member's notifications in the account, archived ones left out: pinned first, then newest first. */
  list(
    tenantId: string,
    userId: string,
    page: { offset: number; count: number },
  ): Promise<StoredNotification[]>;
  add(notification: NewNotification): Promise<void>;
  /** Writes the changes given; false when the member has no such notification in the account. */
  change(
    tenantId: string,
    userId: string,
    id: string,
    changes: { status: NotificationStatus } | { isPinned: boolean },
  ): Promise<boolean>;
  /** Every unread notification of the member in the account becomes read. */
  markAllRead(tenantId: string, userId: string): Promise<void>;
}

/** A row of the `notifications` table (server/storage/schema/reports.ts). */
interface NotificationRow extends StoredNotification {
  tenantId: string;
  userId: string;
  /** The order written. */
  seq: number;
}

const notificationsTable = table<NotificationRow>('notifications', {
  id: 'uuid',
  tenantId: 'uuid',
  userId: 'uuid',
  key: 'text',
  title: 'text',
  body: 'text',
  severity: 'text',
  url: 'text',
  status: 'text',
  isPinned: 'bool',
  createdAt: 'timestamptz',
  seq: 'serial',
});

const storedOf = ({ tenantId: _t, userId: _u, seq: _s, ...stored }: NotificationRow): StoredNotification =>
  stored;

/** The repository over `tables`; a new notification's id is `newId()`, its time `now()`. */
export function notificationsRepository(
  tables: Tables,
  newId: () => string,
  now: () => number,
): NotificationsRepository {
  const notifications = tables.of(notificationsTable);
  return {
    list: async (tenantId, userId, { offset, count }) =>
      (
        await notifications.rows({
          where: { tenantId, userId, status: not('archived') },
          orderBy: [
            { by: 'isPinned', desc: true },
            { by: 'seq', desc: true },
          ],
          offset,
          limit: count,
        })
      ).map(storedOf),
    async add(n) {
      const unread = { status: 'unread' as const, isPinned: false, createdAt: stamp(now()) };
      await notifications.insert({ id: newId(), ...n, ...unread });
    },
    change: async (tenantId, userId, id, changes) =>
      (await notifications.update({ tenantId, userId, id }, changes)).length > 0,
    async markAllRead(tenantId, userId) {
      await notifications.update({ tenantId, userId, status: 'unread' }, { status: 'read' });
    },
  };
}

/** The client SDK's IMessage. */
interface NotificationMessage extends StoredNotification {
  actions: never[];
  viewed: boolean;
}

const NOTIFICATIONS_PAGE_DEFAULT = 20;
const NOTIFICATIONS_PAGE_MAX = 100;

/** The client SDK sends its page as `params`, a JSON text `{"count":20,"offset":0}`; absent: the first page. */
function pageOf(params: string | undefined): { offset: number; count: number } {
  if (params === undefined) return { offset: 0, count: NOTIFICATIONS_PAGE_DEFAULT };
  let parsed: unknown;
  try {
    parsed = JSON.parse(params);
  } catch {
    throw contractError('NOTIFICATION_QUERY_INVALID');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw contractError('NOTIFICATION_QUERY_INVALID');
  const { count = NOTIFICATIONS_PAGE_DEFAULT, offset = 0 } = parsed as { count?: unknown; offset?: unknown };
  const whole = (value: unknown, min: number, max: number) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
  if (!whole(count, 1, NOTIFICATIONS_PAGE_MAX) || !whole(offset, 0, Number.MAX_SAFE_INTEGER))
    throw contractError('NOTIFICATION_QUERY_INVALID');
  return { count: count as number, offset: offset as number };
}

const messageOf = (stored: StoredNotification): NotificationMessage => ({
  ...stored,
  actions: [],
  viewed: stored.status !== 'unread',
});

export async function listNotifications(
  repo: NotificationsRepository,
  tenantId: string,
  userId: string,
  params: string | undefined,
): Promise<NotificationMessage[]> {
  return (await repo.list(tenantId, userId, pageOf(params))).map(messageOf);
}

export async function changeNotificationStatus(
  repo: NotificationsRepository,
  tenantId: string,
  userId: string,
  change: { notificationId: string; status: NotificationStatus },
): Promise<void> {
  if (!(await repo.change(tenantId, userId, change.notificationId, { status: change.status })))
    throw contractError('NOTIFICATION_NOT_FOUND');
}

export async function pinNotification(
  repo: NotificationsRepository,
  tenantId: string,
  userId: string,
  notificationId: string,
  pinned: boolean,
): Promise<void> {
  if (!(await repo.change(tenantId, userId, notificationId, { isPinned: pinned })))
    throw contractError('NOTIFICATION_NOT_FOUND');
}

/** The catalogue's date: the notifications entity never changes. */
const ENTITY_DATE = '2026-11-27T00:00:00.000Z';

/** The notifications entity of GET /metadata (the client SDK's INotificationMetadata): one channel, the bell. */
export function notificationsMetadata(vendorId: string) {
  return {
    rows: [
      {
        entityName: 'notifications',
        id: 'notifications',
        createdAt: ENTITY_DATE,
        updatedAt: ENTITY_DATE,
        vendorId,
        properties: [],
        channels: ['bell'],
        channelsConfig: [],
        severities: ['info', 'warning', 'critical'],
        theme: { id: 'default', name: 'default', styles: {} },
      },
    ],
  };
}
