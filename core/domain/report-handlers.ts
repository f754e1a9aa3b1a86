/**
 * The reports' and notifications' routes (core/contract/routes/reports.ts, notifications.ts),
 * written once for the server and demo mode (core/domain/handlers.ts); the rules are
 * core/domain/reports.ts and notifications.ts. Each reads the caller's active account; a
 * notification is the caller's own (another member's id is not found). The report routes' ports
 * are assembled here once for both backends (`reportPorts`).
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
import type { RowClock, Tables } from './tables';

type Schedule = { schedule: ReportSchedule; status: string; dataFilters?: string; type: string };

/**
 * The reports. The preview answers the page's HTML as text: the server sends it with its own
 * content type (server/routes/reports.ts registers that route itself).
 */
export const REPORT_HANDLERS: AreaHandlers<ReportSendPorts> = {
  getTenantReports: async (p, { tenantId, query }) => answer(await listReports(p, tenantId, query)),
  getTenantReportById: async (p, { tenantId, params }) => answer(await readReport(p, tenantId, params.id!)),
  postTenantReportSchedule: async (p, { tenantId, params, body }) =>
    answer(await scheduleReport(p, tenantId, params.id!, body as Schedule)),
  getPreviewReport: async (p, { tenantId, query }) =>
    answer(await previewReport(p, tenantId, query as { templateId: string })),
  postSendReport: async (p, { tenantId, userId, body }) => {
    await sendReport(p, { tenantId, userId }, body as { templateId: string; to: string[] });
    return answer({});
  },
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

/**
 * The report routes' ports, assembled once for both backends over `tables`; `extras` are what each
 * backend does alone: the account's members (the server's join), sending mail, and whether the
 * caller has a bell to ring (an API token's caller is no member).
 */
export function reportPorts(
  tables: Tables,
  clock: RowClock,
  { rings, ...extras }: Pick<ReportSendPorts, 'members' | 'deliver'> & { rings: boolean },
): ReportSendPorts {
  const notifications = notificationsRepository(tables, clock.newId, clock.now);
  return {
    ...reportSchedules(tables, clock.now),
    now: () => new Date(clock.now()),
    ...extras,
    notify: async (n) => (rings ? notifications.add(n) : undefined),
  };
}
