/**
 * Demo mode's reports and notifications: the rules of core/domain/reports.ts and
 * core/domain/notifications.ts (the server's own) over the page's storage. A report "sent" is
 * written to the demo outbox, as the server's development outbox does, and rings the sender's bell.
 */
import { fail, ok, type Answer } from '../contract/answer';
import { holdsPermission } from '../contract/permissions';
import {
  notificationsMetadata,
  changeNotificationStatus,
  listNotifications,
  pinNotification,
  type NotificationsRepository,
  type StoredNotification,
} from '../domain/notifications';
import {
  listReports,
  previewReport,
  readReport,
  scheduleReport,
  sendReport,
  type ReportSchedule,
  type ReportSendPorts,
  type StoredReport,
} from '../domain/reports';
import type { DemoDatabase, DemoUser } from './data';

type Json = Record<string, unknown>;

/** A notification as demo mode stores it: whose, in which account. */
export interface DemoNotification extends StoredNotification {
  tenantId: string;
  userId: string;
}

const PATHS =
  /^\/(reports\/(resources\/reports\/v2|engine\/resources\/triggers\/v1)\/.+|notification(\/.*)?)$/;
/** True for the paths this module answers. */
export const isDemoReportsPath = (path: string) => PATHS.test(path);

const READ_USERS = 'fe.secure.read.users';
const OUTBOX_KEEP = 50;

interface Clock {
  now: () => number;
  random: () => string;
}

function reportPorts(db: DemoDatabase, clock: Clock): ReportSendPorts {
  const mine = (tenantId: string) => ((db.reports ??= {})[tenantId] ??= []);
  return {
    stored: async (tenantId) => mine(tenantId),
    save: async (tenantId, report) => {
      const list = mine(tenantId);
      const at = new Date(clock.now()).toISOString();
      const before = list.find((r) => r.templateId === report.templateId);
      const saved: StoredReport = { ...report, createdAt: before?.createdAt ?? at, updatedAt: at };
      list.splice(before ? list.indexOf(before) : list.length, before ? 1 : 0, saved);
      return saved;
    },
    members: async (tenantId) =>
      db.users
        .filter((u) => u.tenantId === tenantId && !u.invitationPending)
        .sort((a, b) => a.email.localeCompare(b.email))
        .map((u) => ({
          name: u.name,
          email: u.email,
          createdAt: u.createdAt,
          lastLogin: u.lastLogin ?? null,
        })),
    now: () => new Date(clock.now()),
    deliver: async (to, subject, text) => {
      (db.outbox ??= []).unshift({
        channel: 'email',
        to,
        subject,
        text,
        createdAt: new Date(clock.now()).toISOString(),
      });
      db.outbox.length = Math.min(db.outbox.length, OUTBOX_KEEP);
    },
    notify: async (n) => notificationStore(db, clock).add(n),
  };
}

/** Every member's notifications. */
const stored = (db: DemoDatabase): DemoNotification[] => (db.notifications ??= []);

function notificationStore(db: DemoDatabase, clock: Clock): NotificationsRepository {
  const of = (tenantId: string, userId: string) =>
    stored(db).filter((n) => n.tenantId === tenantId && n.userId === userId);
  const find = (tenantId: string, userId: string, id: string) =>
    of(tenantId, userId).find((n) => n.id === id);
  return {
    list: async (tenantId, userId, page) =>
      // Written in order: reversed is newest first; then pinned first (a stable sort).
      of(tenantId, userId)
        .reverse()
        .filter((n) => n.status !== 'archived')
        .sort((a, b) => Number(b.isPinned) - Number(a.isPinned))
        .slice(page.offset, page.offset + page.count)
        .map(({ tenantId: _t, userId: _u, ...n }) => n),
    add: async (n) => {
      stored(db).push({
        ...n,
        id: clock.random(),
        status: 'unread',
        isPinned: false,
        createdAt: new Date(clock.now()).toISOString(),
      });
    },
    setStatus: async (tenantId, userId, id, status) => {
      const found = find(tenantId, userId, id);
      if (found) found.status = status;
      return !!found;
    },
    setPinned: async (tenantId, userId, id, pinned) => {
      const found = find(tenantId, userId, id);
      if (found) found.isPinned = pinned;
      return !!found;
    },
    markAllRead: async (tenantId, userId) => {
      for (const n of of(tenantId, userId)) if (n.status === 'unread') n.status = 'read';
    },
  };
}

/** The reports' and notifications' paths (core/contract/routes/reports.ts, notifications.ts), or null. */
async function handleDemoReports(
  db: DemoDatabase,
  user: DemoUser,
  held: string[],
  request: { method: string; path: string; body: Json; query?: Record<string, string> },
  clock: Clock,
): Promise<Answer | null> {
  const { method, path, body } = request;
  const query = request.query ?? {};
  const route = `${method.toUpperCase()} ${path}`;
  if (path.startsWith('/notification')) return notificationAnswer(db, user, route, body, query, clock);
  if (!holdsPermission(held, READ_USERS)) return fail('PERMISSION_REQUIRED', { permission: READ_USERS });
  const ports = reportPorts(db, clock);
  const tenantId = user.tenantId;
  const byId = /^(GET|POST) \/reports\/resources\/reports\/v2\/([^/]+)\/tenant-reports$/.exec(route);
  if (route === 'GET /reports/resources/reports/v2/tenant-reports')
    return ok(await listReports(ports, tenantId, query));
  if (byId?.[1] === 'GET') return ok(await readReport(ports, tenantId, decodeURIComponent(byId[2]!)));
  if (byId?.[1] === 'POST')
    return ok(
      await scheduleReport(
        ports,
        tenantId,
        decodeURIComponent(byId[2]!),
        body as { schedule: ReportSchedule; status: string; dataFilters?: string; type: string },
      ),
      true,
    );
  if (route === 'GET /reports/engine/resources/triggers/v1/preview-report')
    return ok(await previewReport(ports, tenantId, query as { templateId: string }));
  if (route === 'POST /reports/engine/resources/triggers/v1/tenant-reports') {
    await sendReport(ports, { tenantId, userId: user.id }, body as { templateId: string; to: string[] });
    return ok({}, true);
  }
  return null;
}

async function notificationAnswer(
  db: DemoDatabase,
  user: DemoUser,
  route: string,
  body: Json,
  query: Record<string, string>,
  clock: Clock,
): Promise<Answer | null> {
  const repo = notificationStore(db, clock);
  const { tenantId, id: userId } = user;
  if (route === 'GET /notification') return ok(await listNotifications(repo, tenantId, userId, query.params));
  if (route === 'PUT /notification/status') {
    await changeNotificationStatus(
      repo,
      tenantId,
      userId,
      body.params as { notificationId: string; status: 'read' },
    );
    return ok({}, true);
  }
  if (route === 'PUT /notification/pin' || route === 'PUT /notification/unpin') {
    await pinNotification(repo, tenantId, userId, String(body.notificationId), route.endsWith('/pin'));
    return ok({}, true);
  }
  if (route === 'POST /notification/status/mark-all-read') {
    await repo.markAllRead(tenantId, userId);
    return ok({}, true);
  }
  return null;
}

/** The reports' and notifications' handler of the backend (signed in), with the caller's permissions. */
export const demoReports =
  (permissionsOf: (user: DemoUser, db: DemoDatabase) => string[], clock: Clock) =>
  (db: DemoDatabase, user: DemoUser, request: Parameters<typeof handleDemoReports>[3]): Promise<Answer> =>
    handleDemoReports(db, user, permissionsOf(user, db), request, clock).then((a) => a ?? fail('NOT_FOUND'));

/** GET /metadata?entityName=notifications (core/domain/notifications.ts), or null for another entity. */
export const demoNotificationsEntity = (query: Record<string, string> | undefined): Answer | null =>
  query?.entityName === 'notifications' ? ok(notificationsMetadata('demo-vendor')) : null;
