/** Success answers of the reports and notifications routes (core/contract/routes/reports.ts, notifications.ts), for OpenAPI. */
import * as reports from '../../../core/contract/routes/reports';
import * as notifications from '../../../core/contract/routes/notifications';
import { EMPTY, HTML, NO_BODY, any, arr, bool, obj, str } from '../route-schemas/common';
import type { ResponseTable } from './index';

const REPORT = obj(
  {
    id: str,
    name: str,
    description: str,
    status: str,
    createdAt: str,
    updatedAt: str,
    htmlTemplate: str,
    customerListApiUrl: str,
    type: { type: 'string', enum: ['html', 'pdf', 'image'] },
    dataFilters: arr(obj({ type: str, config: any }, ['type', 'config'])),
    schedule: obj({ interval: str, cron: str, tz: str, active: bool }, ['interval', 'cron', 'tz', 'active']),
  },
  ['id', 'name', 'description', 'status', 'createdAt', 'updatedAt', 'htmlTemplate', 'type', 'dataFilters'],
);

const NOTIFICATION = obj(
  {
    id: str,
    key: str,
    title: str,
    body: str,
    severity: str,
    url: str,
    status: { type: 'string', enum: ['read', 'unread', 'archived'] },
    viewed: bool,
    isPinned: bool,
    createdAt: str,
    actions: arr(any),
  },
  ['id', 'key', 'title', 'body', 'severity', 'url', 'status', 'viewed', 'isPinned', 'createdAt', 'actions'],
);

export const REPORTS_RESPONSES: ResponseTable = [
  [reports.getTenantReports, { 200: arr(REPORT) }],
  [reports.getTenantReportById, { 200: REPORT }],
  [reports.postTenantReportSchedule, { 200: REPORT }],
  [reports.getPreviewReport, { 200: { description: 'The report as an HTML page', ...HTML } }],
  [reports.postSendReport, { 200: EMPTY }],
  [notifications.getNotifications, { 200: arr(NOTIFICATION) }],
  [notifications.putNotificationStatus, { 200: EMPTY }],
  [notifications.putNotificationPin, { 200: EMPTY }],
  [notifications.putNotificationUnpin, { 200: EMPTY }],
  [notifications.postNotificationsMarkAllRead, { 200: EMPTY }],
];

export const REPORTS_BODIES: ResponseTable = [[notifications.postNotificationsMarkAllRead, NO_BODY]];
