/**
 * Reports and notifications (issue 28 item 4) on the client SDK's paths (`@frontegg/rest-api` 3.1.18
 * `reports` and `notifications`): descriptors in core/contract/routes/reports.ts and
 * notifications.ts, the rules and repositories in core/domain/reports.ts and notifications.ts (over
 * the storage port, server/storage/tables.ts), the members' join in server/storage/reports.ts. A report's email goes through the server's
 * delivery (the outbox in development). The handlers are core/domain/report-handlers.ts (demo mode
 * runs them too); the preview, an HTML answer, is registered here.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeNamed, type RouteName } from '../../core/contract/routes';
import type { AppContext } from '../context';
import { previewReport, type ReportPorts } from '../../core/domain/reports';
import { NOTIFICATION_HANDLERS, REPORT_HANDLERS, reportPorts } from '../../core/domain/report-handlers';
import type { AreaHandler } from '../../core/domain/handlers';
import { notificationsRepository, type NotificationsRepository } from '../../core/domain/notifications';
import { isApiTokenAccess } from '../../core/domain/api-tokens';
import { registerHandlers } from '../http/handlers';
import { accountOf, callerOf } from '../http/route-table';
import { reportMembers } from '../storage/reports';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';

/** The nil uuid: no account has it. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

export async function reportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tables = sqlTables(ctx.db);
  const ports = (rings: boolean) =>
    reportPorts(tables, SERVER_ROW_CLOCK, {
      members: (tenantId) => reportMembers(ctx.db, tenantId),
      deliver: (to, subject, text) => ctx.delivery.sendEmail({ to, subject, text }),
      rings,
    });
  const stored: ReportPorts = ports(false);
  const { getPreviewReport: _html, ...shared } = REPORT_HANDLERS;
  // An API token's caller is no member: nobody's bell to ring.
  registerHandlers(app, shared, (request) => ports(!isApiTokenAccess(callerOf(request))));

  // renderReport reads the page as text, downloadReport as a file: both get the HTML, as HTML.
  const preview = routeNamed('getPreviewReport');
  app.get<{ Querystring: { templateId: string; dataFilters?: string; responseType?: string } }>(
    preview.path,
    async (request, reply) => {
      const html = await previewReport(stored, accountOf(request), request.query);
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  );
}

/**
 * The notifications' shared handlers, for the caller's active account: a member with none has no
 * notifications (the nil uuid matches none of theirs), so the call is not refused.
 */
export async function notificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = notificationsRepository(sqlTables(ctx.db), SERVER_ROW_CLOCK.newId, Date.now);
  for (const [name, handler] of Object.entries(NOTIFICATION_HANDLERS) as Array<
    [RouteName, AreaHandler<NotificationsRepository>]
  >) {
    const { method, path } = routeNamed(name);
    app.route({
      method,
      url: path,
      handler: async (request: FastifyRequest, reply) => {
        const claims = callerOf(request);
        const { status, body } = await handler(repo, {
          body: (request.body as Record<string, unknown> | undefined) ?? {},
          query: request.query as Record<string, string | undefined>,
          params: {},
          ip: request.ip,
          tenantId: claims.tenantId ?? NO_ACCOUNT,
          userId: claims.sub,
        });
        return reply.code(status).send(body);
      },
    });
  }
}
