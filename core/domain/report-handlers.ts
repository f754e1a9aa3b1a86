/**
 * The reports' and notifications' routes (core/contract/routes/reports.ts, notifications.ts),
 * written once for the server and demo mode (core/domain/handlers.ts); the rules are
 * core/domain/reports.ts and notifications.ts. Each reads the caller's active account; a
 * notification is the caller's own (another member's id is not found). The report routes' ports
 * are assembled here once for both backends over the platform (`reportAreaPorts`). A report's email
 * goes through the backend's delivery (the server's outbox in development, demo mode's outbox).
 */
import { answer, type AreaHandler, type AreaHandlers } from './handlers';
import {
  changeNotificationStatus,
  listNotifications,
  pinNotification,
  notificationsRepository,
  type NotificationsRepository,
  type NotificationStatus,
} from './notifications';
import {
  listReports,
  previewReport,
  readReport,
  reportSchedules,
  scheduleReport,
  sendReport,
  type ReportSchedule,
  type ReportSendPorts,
} from './reports';
import { MEMBERSHIPS } from './membership-tables';
import type { Platform, PortsFor } from './platform';
import { inRows, type Tables } from './tables';
import { USERS } from './user-tables';

type Schedule = { schedule: ReportSchedule; status: string; dataFilters?: string; type: string };

/** The reports. */
export const REPORT_HANDLERS: AreaHandlers<ReportSendPorts> = {
  getTenantReports: async (p, { tenantId, query }) => answer(await listReports(p, tenantId, query)),
  getTenantReportById: async (p, { tenantId, params }) => answer(await readReport(p, tenantId, params.id!)),
  postTenantReportSchedule: async (p, { tenantId, params, body }) =>
    answer(await scheduleReport(p, tenantId, params.id!, body as Schedule)),
  postSendReport: async (p, { tenantId, userId, body }) => {
    await sendReport(p, { tenantId, userId }, body as { templateId: string; to: string[] });
    return answer({});
  },
};

/**
 * The report's preview: the page's HTML as text (demo mode's answer). The server sends it with its
 * own content type (server/routes/reports.ts registers that route itself, with these ports).
 */
export const REPORT_PREVIEW_HANDLERS: AreaHandlers<ReportSendPorts> = {
  getPreviewReport: async (p, { tenantId, query }) =>
    answer(await previewReport(p, tenantId, query as { templateId: string })),
};

type NotificationHandler = AreaHandler<NotificationsRepository>;

const pin =
  (pinned: boolean): NotificationHandler =>
  async (repo, { tenantId, userId, body }) => {
    await pinNotification(repo, tenantId, userId, String(body.notificationId), pinned);
    return answer({});
  };

/** The bell's notifications of the caller. */
export const NOTIFICATION_HANDLERS: AreaHandlers<NotificationsRepository> = {
  getNotifications: async (repo, { tenantId, userId, query }) =>
    answer(await listNotifications(repo, tenantId, userId, query.params)),
  putNotificationStatus: async (repo, { tenantId, userId, body }) => {
    const change = body.params as { notificationId: string; status: NotificationStatus };
    await changeNotificationStatus(repo, tenantId, userId, change);
    return answer({});
  },
  putNotificationPin: pin(true),
  putNotificationUnpin: pin(false),
  postNotificationsMarkAllRead: async (repo, { tenantId, userId }) => {
    await repo.markAllRead(tenantId, userId);
    return answer({});
  },
};

/** The account's members a report lists, invitees too, by email in any letter case. */
async function reportMembers(tables: Tables, tenantId: string) {
  const users = await tables.of(USERS).rows({
    where: { id: inRows(MEMBERSHIPS, 'userId', { tenantId }) },
    orderBy: [{ by: 'email', caseless: true }],
  });
  return users.map((u) => ({
    name: u.name ?? '',
    email: u.email,
    createdAt: u.createdAt,
    lastLogin: u.lastLogin,
  }));
}

/** The bell's notifications on a backend. */
export const notificationsOn = ({ tables, clock }: Platform) =>
  notificationsRepository(tables, clock.newId, clock.now);

/**
 * The report routes' ports for a caller: the schedules and members over the tables, mail through
 * the backend's delivery; an API token's caller is no member: nobody's bell to ring.
 */
export const reportAreaPorts: PortsFor<ReportSendPorts> = (platform, caller) => {
  const { tables, clock } = platform;
  const notifications = notificationsOn(platform);
  return {
    ...reportSchedules(tables, clock.now),
    now: () => new Date(clock.now()),
    members: (tenantId) => reportMembers(tables, tenantId),
    deliver: (to, subject, text) => platform.sendWrittenEmail({ to, subject, text }),
    notify: async (n) => (caller.byApiToken ? undefined : notifications.add(n)),
  };
};
