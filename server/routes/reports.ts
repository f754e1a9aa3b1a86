/**
 * Reports and notifications (issue 28 item 4) on the client SDK's paths (`@frontegg/rest-api` 3.1.18
 * `reports` and `notifications`): descriptors in core/contract/routes/reports.ts and
 * notifications.ts, the rules in core/domain/reports.ts and notifications.ts, SQL in
 * server/storage/reports.ts and notifications.ts. A report's email goes through the server's
 * delivery (the outbox in development).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import {
  changeNotificationStatus,
  listNotifications,
  pinNotification,
  type NotificationStatus,
} from '../../core/domain/notifications';
import {
  listReports,
  previewReport,
  readReport,
  scheduleReport,
  sendReport,
  type ReportSchedule,
} from '../../core/domain/reports';
import { isApiTokenAccess } from '../domain/api-tokens';
import { accountOf, callerOf } from '../http/route-table';
import { notificationsRepository } from '../storage/notifications';
import { reportStorage } from '../storage/reports';

const REPORTS = '/reports/resources/reports/v2';
const TRIGGERS = '/reports/engine/resources/triggers/v1';
/** The nil uuid: no account has it. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

export async function reportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const ports = reportStorage(ctx.db);

  app.get<{ Querystring: { filters?: string; sort?: string } }>(
    `${REPORTS}/tenant-reports`,
    async (request) => listReports(ports, accountOf(request), request.query),
  );

  app.get<{ Params: { id: string } }>(`${REPORTS}/:id/tenant-reports`, async (request) =>
    readReport(ports, accountOf(request), request.params.id),
  );

  app.post<{
    Params: { id: string };
    Body: { schedule: ReportSchedule; status: string; dataFilters?: string; type: string };
  }>(`${REPORTS}/:id/tenant-reports`, async (request) =>
    scheduleReport(ports, accountOf(request), request.params.id, request.body),
  );

  // renderReport reads the page as text, downloadReport as a file: both get the HTML.
  app.get<{ Querystring: { templateId: string; dataFilters?: string; responseType?: string } }>(
    `${TRIGGERS}/preview-report`,
    async (request, reply) => {
      const html = await previewReport(ports, accountOf(request), request.query);
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  );

  app.post<{ Body: { templateId: string; to: string[] } }>(`${TRIGGERS}/tenant-reports`, async (request) => {
    const tenantId = accountOf(request);
    const claims = callerOf(request);
    // An API token's caller is no member: nobody's bell to ring.
    const person = !isApiTokenAccess(claims);
    const notifications = notificationsRepository(ctx.db);
    await sendReport(
      {
        ...ports,
        deliver: (to, subject, text) => ctx.delivery.sendEmail({ to, subject, text }),
        notify: async (n) => (person ? notifications.add(n) : undefined),
      },
      { tenantId, userId: claims.sub },
      request.body,
    );
    return {};
  });
}

export async function notificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = notificationsRepository(ctx.db);
  const member = (request: Parameters<typeof callerOf>[0]) => {
    const claims = callerOf(request);
    // A member with no active account has no notifications: an id matches none of theirs.
    return { tenantId: claims.tenantId ?? NO_ACCOUNT, userId: claims.sub };
  };

  app.get<{ Querystring: { params?: string } }>('/notification', async (request) => {
    const { tenantId, userId } = member(request);
    return listNotifications(repo, tenantId, userId, request.query.params);
  });

  app.put<{ Body: { params: { notificationId: string; status: NotificationStatus } } }>(
    '/notification/status',
    async (request) => {
      const { tenantId, userId } = member(request);
      await changeNotificationStatus(repo, tenantId, userId, request.body.params);
      return {};
    },
  );

  for (const pin of ['pin', 'unpin'] as const)
    app.put<{ Body: { notificationId: string } }>(`/notification/${pin}`, async (request) => {
      const { tenantId, userId } = member(request);
      await pinNotification(repo, tenantId, userId, request.body.notificationId, pin === 'pin');
      return {};
    });

  app.post('/notification/status/mark-all-read', async (request) => {
    const { tenantId, userId } = member(request);
    await repo.markAllRead(tenantId, userId);
    return {};
  });
}
