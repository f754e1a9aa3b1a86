/**
 * Routes: reports (core/domain/reports.ts). The built-in templates list the account's members, so
 * every call needs fe.secure.read.users in the caller's active account.
 */
import * as s from '../schemas';
import { audit, perm } from './descriptor';
import type { RouteDescriptor } from './descriptor';

const READ_USERS = perm('fe.secure.read.users', 'account');
const TEMPLATE_ID = { type: 'string', minLength: 1, maxLength: 100 } as const;
/** base64 of a JSON object. */
const DATA_FILTERS = { type: 'string', maxLength: 4000 } as const;
const FORMAT = { type: 'string', enum: ['html', 'pdf', 'image'] } as const;

export const getTenantReports: RouteDescriptor = {
  method: 'GET',
  path: '/reports/resources/reports/v2/tenant-reports',
  access: READ_USERS,
  request: {
    querystring: s.strictObject({
      filters: { type: 'string', maxLength: 1000 },
      sort: { type: 'string', maxLength: 200 },
    }),
  },
};

export const getTenantReportById: RouteDescriptor = {
  method: 'GET',
  path: '/reports/resources/reports/v2/:id/tenant-reports',
  access: READ_USERS,
};

export const postTenantReportSchedule: RouteDescriptor = {
  method: 'POST',
  path: '/reports/resources/reports/v2/:id/tenant-reports',
  access: READ_USERS,
  request: {
    body: s.strictObject(
      {
        schedule: s.strictObject(
          {
            interval: { type: 'string', enum: ['daily', 'weekly', 'monthly', 'custom'] },
            cron: { type: 'string', minLength: 1, maxLength: 100 },
            tz: { type: 'string', minLength: 1, maxLength: 64 },
            active: { type: 'boolean' },
            dataFilters: { type: 'object', maxProperties: 20 },
          },
          ['interval', 'cron', 'tz', 'active'],
        ),
        status: { type: 'string', minLength: 1, maxLength: 32, pattern: s.NOT_BLANK_PATTERN },
        dataFilters: DATA_FILTERS,
        type: FORMAT,
      },
      ['schedule', 'status', 'type'],
    ),
  },
  audit: audit('reports', 'Report scheduled', 'Info'),
};

export const getPreviewReport: RouteDescriptor = {
  method: 'GET',
  path: '/reports/engine/resources/triggers/v1/preview-report',
  access: READ_USERS,
  request: {
    querystring: s.strictObject(
      {
        templateId: TEMPLATE_ID,
        dataFilters: DATA_FILTERS,
        responseType: FORMAT,
        name: { type: 'string', maxLength: 200 },
      },
      ['templateId'],
    ),
  },
};

export const postSendReport: RouteDescriptor = {
  method: 'POST',
  path: '/reports/engine/resources/triggers/v1/tenant-reports',
  access: READ_USERS,
  request: {
    body: s.strictObject(
      {
        templateId: TEMPLATE_ID,
        to: { type: 'array', minItems: 1, maxItems: 20, items: s.email },
      },
      ['templateId', 'to'],
    ),
  },
  audit: audit('reports', 'Report sent', 'Medium'),
};
