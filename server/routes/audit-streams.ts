/**
 * Audit-log streaming (issue 28 item 16), our extension under the audits area (docs/contract.md
 * "Audit streams"; descriptors in core/contract/routes/audit-streams.ts, rules in
 * core/domain/audit-streams.ts):
 * - GET /audits/streams → { items }; POST /audits/streams { name, url, format, token? } → 201, the
 *   stream with its signing secret (answered this once);
 * - POST /audits/streams/:id/pause and /resume → the stream; DELETE /audits/streams/:id → {};
 * - GET /audits/streams/:id/deliveries?offset&count → the attempts, newest first, and the counts;
 * - POST /audits/streams/:id/backfill { from } → { queued }.
 * The delivery is the connectivity worker's (domain/audit-stream-delivery.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AuditStreamFormat } from '../../core/contract/auditStreams';
import {
  backfillStream,
  createStream,
  deleteStream,
  listStreams,
  setStreamState,
  streamDeliveries,
} from '../../core/domain/audit-streams';
import type { AppContext } from '../context';
import { auditStreamPorts } from '../domain/audit-streams';
import { accountOf } from '../http/route-table';

type Id = { Params: { id: string } };

export async function auditStreamRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const ports = auditStreamPorts(ctx);
  app.get('/audits/streams', async (request) => ({ items: await listStreams(ports, accountOf(request)) }));
  app.post<{ Body: { name: string; url: string; format: AuditStreamFormat; token?: string } }>(
    '/audits/streams',
    async (request, reply) =>
      reply.code(201).send(await createStream(ports, accountOf(request), request.body)),
  );
  app.post<Id>('/audits/streams/:id/pause', async (request) =>
    setStreamState(ports, accountOf(request), request.params.id, 'paused'),
  );
  app.post<Id>('/audits/streams/:id/resume', async (request) =>
    setStreamState(ports, accountOf(request), request.params.id, 'active'),
  );
  app.delete<Id>('/audits/streams/:id', async (request) => {
    await deleteStream(ports, accountOf(request), request.params.id);
    return {};
  });
  app.get<Id & { Querystring: { offset?: string; count?: string } }>(
    '/audits/streams/:id/deliveries',
    async (request) => streamDeliveries(ports, accountOf(request), request.params.id, request.query),
  );
  app.post<Id & { Body: { from: string } }>('/audits/streams/:id/backfill', async (request) =>
    backfillStream(ports, accountOf(request), request.params.id, request.body.from),
  );
}
