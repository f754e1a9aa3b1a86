/**
 * The signed-in user's sessions (spec 000 §7 "Sessions: GET, DELETE /sessions/v1/me, /{id}, /all,
 * GET /me/current"), under `/{prefix}/identity/resources/users/sessions/v1/me`. The current session
 * is the `sid` of the access token. Revoking a session stops its refresh token at once; an access
 * token it already issued lives until it expires (tokens are stateless, see domain/tokens.ts).
 * API-token callers are refused (403): they have no login session, and must not end the person's.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { listLoginSessions, revokeLoginSession, revokeOtherLoginSessions } from '../domain/login-sessions';
import { contractError } from '../../core/contract/errors';
import { callerOf } from '../http/route-table';

const BASE = '/identity/resources/users/sessions/v1/me';
const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export async function loginSessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(BASE, async (request) => {
    const claims = callerOf(request);
    return listLoginSessions(ctx.db, claims.sub, claims.sid);
  });

  app.get(`${BASE}/current`, async (request) => {
    const claims = callerOf(request);
    const current = (await listLoginSessions(ctx.db, claims.sub, claims.sid)).find(
      (session) => session.current,
    );
    if (!current) throw contractError('SESSION_NOT_FOUND');
    return current;
  });

  app.delete(`${BASE}/all`, async (request) => {
    const claims = callerOf(request);
    return { revoked: await revokeOtherLoginSessions(ctx.db, claims.sub, claims.sid) };
  });

  app.delete<{ Params: { id: string } }>(
    `${BASE}/:id`,
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'string', pattern: UUID } }, required: ['id'] },
      },
    },
    async (request) => {
      const claims = callerOf(request);
      if (!(await revokeLoginSession(ctx.db, claims.sub, request.params.id)))
        throw contractError('SESSION_NOT_FOUND');
      return {};
    },
  );
}
