/**
 * Invitations and invite links (spec 001 §7 "Users and team", spec 000 §7 "Users"):
 *
 * Admin (the caller's active tenant; 403 without the permission):
 * - POST /identity/resources/users/v2 { email, name?, phoneNumber?, roleIds?, provider?: 'local', skipInviteEmail? }
 *   invite (fe.secure.write.users) -> 201 the member as the users list shows them;
 * - POST /identity/resources/users/v1/invitation/reset { userId }: resend the invitation (fe.secure.write.users);
 * - POST /identity/resources/users/v1/invitation/reset/all { userId }: resend it in every tenant where
 *   the caller may manage users;
 * - /identity/resources/tenants/invites/v1: GET /configuration, GET|POST|PATCH|DELETE /user (the
 *   tenant's invite link; read: fe.secure.read.users, change: fe.secure.write.users).
 *
 * Public (the link is the credential):
 * - POST /identity/resources/users/v1/invitation/verify { userId, token } -> { name, tenantId, shouldSetPassword, email };
 * - POST /identity/resources/users/v1/invitation/accept { userId, token, password? } -> { tenantId, name };
 * - POST /identity/resources/tenants/invites/v1/verify { token } -> the account's name as a JSON string
 *   (the client SDK's verifyInviteToken reads a string; the invite link).
 *
 * The handlers are core/domain/invitation-handlers.ts (demo mode runs them too). The admin's routes
 * are an area (core/domain/back-office-areas.ts, their ports over the server's platform:
 * core/domain/invitation-area.ts); here, the public ones' ports over the server's database, mailer
 * and sending limits, and the resend, public or an admin's at one path.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import {
  INVITATION_PUBLIC_HANDLERS,
  RESEND_INVITATION,
  type InvitationPublicPorts,
} from '../../core/domain/invitation-handlers';
import { invitationAreaPorts, invitationPublicAreaPorts } from '../../core/domain/invitation-area';
import type { PublicCall } from '../../core/domain/handlers';
import { serverPlatform } from '../platform';
import { callerOfCall, registerPublicHandlers } from '../http/handlers';
import { serverVisit } from '../http/visit';
import { accountOf, callerOf, isPublicCall } from '../http/route-table';

export async function invitationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const platform = serverPlatform(ctx);
  const publicPorts = (request: FastifyRequest, reply: FastifyReply): InvitationPublicPorts =>
    invitationPublicAreaPorts(platform, serverVisit(ctx, request, reply));
  const { postTenantsInvitesVerify: verifyLink, ...publicHandlers } = INVITATION_PUBLIC_HANDLERS;
  registerPublicHandlers(app, publicHandlers, publicPorts);

  const publicCall = (request: FastifyRequest): PublicCall => ({
    body: (request.body as Record<string, unknown> | undefined) ?? {},
    query: {},
    params: {},
    ip: request.ip,
  });
  // Public without a bearer and with { email } (the descriptor's `publicWith`); else checked there.
  app.post('/identity/resources/users/v1/invitation/reset', async (request, reply) => {
    const { body } = isPublicCall(request)
      ? await RESEND_INVITATION.public(publicPorts(request, reply), publicCall(request))
      : await RESEND_INVITATION.signedIn(invitationAreaPorts(platform, callerOfCall(request)), {
          ...publicCall(request),
          tenantId: accountOf(request),
          userId: callerOf(request).sub,
        });
    return body;
  });
  app.post('/identity/resources/tenants/invites/v1/verify', async (request, reply) => {
    const { body } = await verifyLink!(publicPorts(request, reply), publicCall(request));
    // A JSON string: the client reads the name alone (a bare string would go out as text/plain).
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
  });
}
