/**
 * The back office's areas, registered once for both backends (core/domain/platform.ts): the
 * server registers each handler against the route table with its ports over the server's
 * platform (server/app-routes.ts), demo mode dispatches them over the page's (core/demo/backOffice.ts).
 */
import { API_TOKEN_HANDLERS } from './api-token-handlers';
import { apiTokenAreaPorts } from './api-token-store';
import { GROUP_HANDLERS } from './group-handlers';
import { groupAreaPorts } from './group-store';
import { area, type Area } from './platform';
import { ROLE_HANDLERS } from './role-handlers';
import { roleAreaPorts } from './role-store';
import { USAGE_HANDLERS, usageAreaPorts } from './usage-handlers';
import { AUDIT_STREAM_HANDLERS, auditStreamAreaPorts } from './audit-stream-handlers';
import { CONNECTIVITY_HANDLERS } from './connectivity-handlers';
import { connectivityAreaPorts } from './connectivity-tables';
import { AUDIT_EXPORT_HANDLERS, AUDIT_LOG_HANDLERS, auditLogAreaPorts } from './audit-log';
import {
  NOTIFICATION_HANDLERS,
  REPORT_HANDLERS,
  REPORT_PREVIEW_HANDLERS,
  notificationsOn,
  reportAreaPorts,
} from './report-handlers';

export const BACK_OFFICE_AREAS: readonly Area[] = [
  // Roles and permissions, groups, API tokens (issue 6, admin portal part B).
  area(ROLE_HANDLERS, roleAreaPorts),
  area(GROUP_HANDLERS, groupAreaPorts),
  area(API_TOKEN_HANDLERS, apiTokenAreaPorts),
  // Connectivity, audits, audit streams, reports and notifications, usage (issues 15, 16, 28).
  area(USAGE_HANDLERS, usageAreaPorts),
  area(REPORT_HANDLERS, reportAreaPorts),
  area(AUDIT_LOG_HANDLERS, auditLogAreaPorts),
  area(CONNECTIVITY_HANDLERS, connectivityAreaPorts),
  area(AUDIT_STREAM_HANDLERS, auditStreamAreaPorts),
];

/**
 * Areas the server answers by routes of its own, with the same ports (an HTML page or a file sent
 * as one, the bell of a caller of no account): demo mode dispatches them as the areas above.
 */
export const OWN_ROUTE_AREAS: readonly Area[] = [
  // Connectivity, audits, audit streams, reports and notifications, usage.
  area(REPORT_PREVIEW_HANDLERS, reportAreaPorts),
  area(NOTIFICATION_HANDLERS, notificationsOn),
  area(AUDIT_EXPORT_HANDLERS, auditLogAreaPorts),
];
