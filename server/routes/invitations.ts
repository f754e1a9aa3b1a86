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
 * The handlers are core/domain/invitation-handlers.ts (demo mode runs them too), areas both
 * backends register (core/domain/back-office-areas.ts, their ports over a backend's platform:
 * core/domain/invitation-area.ts); the resend is public or an admin's at one path (a bearer makes
 * it the caller's: the visit's `caller`). Here, the invite link's verify, sent as a JSON string.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { INVITE_LINK_VERIFY_HANDLERS } from '../../core/domain/invitation-handlers';
import { invitationPublicAreaPorts } from '../../core/domain/invitation-area';
import { serverPlatform } from '../platform';
import { serverVisit } from '../http/visit';

export async function invitationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const platform = serverPlatform(ctx);
  const verifyLink = INVITE_LINK_VERIFY_HANDLERS.postTenantsInvitesVerify!;
  app.post('/identity/resources/tenants/invites/v1/verify', async (request, reply) => {
    const ports = invitationPublicAreaPorts(platform, serverVisit(ctx, request, reply));
    const call = { body: (request.body as Record<string, unknown> | undefined) ?? {}, query: {}, params: {} };
    const { body } = await verifyLink(ports, { ...call, ip: request.ip });
    // A JSON string: the client reads the name alone (a bare string would go out as text/plain).
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
  });
}
