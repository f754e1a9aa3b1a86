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
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import {
  acceptInvitation,
  createInviteLink,
  deleteInviteLink,
  inviteLinkConfiguration,
  inviteLinkTenant,
  inviteUser,
  readInviteLink,
  resendAllInvitations,
  resendInvitation,
  resendInvitationsToEmail,
  updateInviteLink,
  verifyInvitation,
} from '../../core/domain/invitations';
import { acceptancePorts, invitationPorts, inviteLinkPorts } from '../domain/invitations';
import { newLinkToken } from '../domain/one-time-tokens';
import { countSend } from '../domain/attempts';
import { listTenantUsers } from '../domain/team-users';
import { findUserByEmail } from '../domain/users';
import { accountOf, callerOf, isPublicCall } from '../http/route-table';

interface InviteBody {
  email: string;
  name?: string | null;
  phoneNumber?: string | null;
  roleIds?: string[];
  provider?: 'local';
  skipInviteEmail?: boolean;
}

export async function invitationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const users = '/identity/resources/users';
  const invites = '/identity/resources/tenants/invites/v1';
  const log = (request: FastifyRequest) => (m: string) => request.log.error(m);
  const ports = (request: FastifyRequest) => invitationPorts(ctx, log(request));
  /** Where an invite link's answer is read: the caller's account, the application, now. */
  const scope = (request: FastifyRequest) => ({
    tenantId: accountOf(request),
    appUrl: ctx.options.appUrl,
    now: Date.now(),
  });

  // Request schemas of this file: core/contract/routes/team.ts (the demo backend validates with them too).
  // The client SDK re-invites with the same call (teams.resendInvitationLink: `{ email }`, no
  // roles): 200 and the member; a new invitation 201.
  app.post<{ Body: InviteBody }>(`${users}/v2`, async (request, reply) => {
    const claims = callerOf(request);
    const tenantId = accountOf(request);
    const { userId, created } = await inviteUser(ports(request), {
      ...request.body,
      tenantId,
      inviterId: claims.sub,
      held: claims.permissions ?? [],
    });
    const query = { tenantId, userId, filter: '', sortBy: 'name', order: 'ASC', page: 0, limit: 1 } as const;
    const [member] = (await listTenantUsers(ctx.db, query)).items;
    return reply.status(created ? 201 : 200).send(member);
  });

  /**
   * An admin resends a member's invitation (`{ userId }` or `{ email }`, bearer with
   * fe.secure.write.users). Without a bearer token and with `{ email }`, the client SDK's public
   * resend from a sign-in page (auth.resendInvitationEmail): 200 whatever the address, counted
   * toward the address's sending limit (429 beyond it), a fresh link to each pending invitation.
   */
  app.post<{ Body: { userId?: string; email?: string } }>(`${users}/v1/invitation/reset`, async (request) => {
    // Public without a bearer and with { email } (the descriptor's `publicWith`); else checked there.
    if (isPublicCall(request)) {
      await countSend(ctx.db, request.body.email!);
      await resendInvitationsToEmail(ports(request), request.body.email!);
      return {};
    }
    const tenantId = accountOf(request);
    await resendInvitation(ports(request), { ...request.body, tenantId, inviterId: callerOf(request).sub });
    return {};
  });

  // Every account of the caller's where the address is invited: found by email, not by account.
  app.post<{ Body: { userId?: string; email?: string } }>(
    `${users}/v1/invitation/reset/all`,
    async (request) => {
      const { userId, email } = request.body;
      const byEmail = !userId && email ? await findUserByEmail(ctx.db, email) : null;
      return resendAllInvitations(ports(request), {
        callerId: callerOf(request).sub,
        userId: userId ?? byEmail?.id ?? null,
      });
    },
  );

  app.post<{ Body: { userId: string; token: string } }>(`${users}/v1/invitation/verify`, async (request) =>
    verifyInvitation(acceptancePorts(ctx, log(request)), request.body.userId, request.body.token),
  );

  app.post<{ Body: { userId: string; token: string; password?: string | null } }>(
    `${users}/v1/invitation/accept`,
    async (request) => acceptInvitation(acceptancePorts(ctx, log(request)), request.body, true),
  );

  // ---- the account's invite link ----
  app.get(`${invites}/configuration`, async (request) => {
    accountOf(request);
    return inviteLinkConfiguration();
  });

  app.get(`${invites}/user`, async (request) =>
    readInviteLink(inviteLinkPorts(ctx), scope(request), callerOf(request).permissions ?? []),
  );

  app.post<{ Body: { expiresInMinutes?: number; shouldSendEmail?: boolean } }>(
    `${invites}/user`,
    async (request, reply) => {
      const created = await createInviteLink(inviteLinkPorts(ctx), scope(request), {
        ...request.body,
        token: newLinkToken(),
        createdBy: callerOf(request).sub,
      });
      return reply.status(201).send(created);
    },
  );

  app.patch<{ Body: { expiresInMinutes?: number; shouldSendEmail?: boolean } }>(
    `${invites}/user`,
    async (request) => updateInviteLink(inviteLinkPorts(ctx), scope(request), request.body),
  );

  app.delete(`${invites}/user`, async (request) => {
    await deleteInviteLink(inviteLinkPorts(ctx), accountOf(request));
    return {};
  });

  app.post<{ Body: { token: string } }>(`${invites}/verify`, async (request, reply) => {
    const tenant = await inviteLinkTenant(inviteLinkPorts(ctx), request.body.token);
    // A JSON string: the client reads the name alone (a bare string would go out as text/plain).
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(tenant.name));
  });
}
