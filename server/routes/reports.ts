/**
 * Reports and notifications (issue 28 item 4) on the client SDK's paths (`@frontegg/rest-api` 3.1.18
 * `reports` and `notifications`): descriptors in core/contract/routes/reports.ts and
 * notifications.ts, the rules and repositories in core/domain/reports.ts and notifications.ts, the
 * handlers and their ports in core/domain/report-handlers.ts (an area of both backends,
 * core/domain/back-office-areas.ts). The two registered here answer otherwise than the area's
 * handlers: the preview as an HTML page, and the bell of a caller of no account.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeNamed, type RouteName } from '../../core/contract/routes';
import { previewReport } from '../../core/domain/reports';
import { NOTIFICATION_HANDLERS, notificationsOn, reportAreaPorts } from '../../core/domain/report-handlers';
import type { AreaHandler } from '../../core/domain/handlers';
import type { NotificationsRepository } from '../../core/domain/notifications';
import type { AppContext } from '../context';
import { callerOfCall } from '../http/handlers';
import { accountOf, callerOf } from '../http/route-table';
import { serverPlatform } from '../platform';

/** The nil uuid: no account has it. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

export async function reportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const platform = serverPlatform(ctx);
  // renderReport reads the page as text, downloadReport as a file: both get the HTML, as HTML.
  const preview = routeNamed('getPreviewReport');
  app.get<{ Querystring: { templateId: string; dataFilters?: string; responseType?: string } }>(
    preview.path,
    async (request, reply) => {
      const ports = reportAreaPorts(platform, callerOfCall(request));
      const html = await previewReport(ports, accountOf(request), request.query);
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  );
}

/**
 * The notifications' shared handlers, for the caller's active account: a member with none has no
 * notifications (the nil uuid matches none of theirs), so the call is not refused.
 */
export async function notificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = notificationsOn(serverPlatform(ctx));
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
