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
import type { FastifyInstance } from 'fastify';
import { holdsPermission } from '../../core/contract/permissions';
import type { AppContext } from '../context';
import { accountLink } from '../delivery/messages';
import {
  acceptInvitation,
  createInviteLink,
  deleteInviteLink,
  findInviteLinkTenant,
  getInviteLink,
  inviteLinkToken,
  INVITE_LINK_DEFAULT_MINUTES,
  INVITE_LINK_MAX_MINUTES,
  inviteUser,
  resendAllInvitations,
  resendInvitation,
  resendInvitationsToEmail,
  memberIdByEmail,
  pendingInviteeId,
  updateInviteLink,
  verifyInvitation,
} from '../domain/invitations';
import { listTenantUsers } from '../domain/team-users';
import { findUserByEmail } from '../domain/users';
import { contractError } from '../../core/contract/errors';
import { accountOf, callerOf } from '../http/route-table';
import { requireUser } from '../http/bearer';
import { requirePermission } from '../http/permissions';
import { assertMayGrantRoles } from '../domain/grants';

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
  const log = (request: { log: { error: (m: string) => void } }) => (m: string) => request.log.error(m);

  app.post<{ Body: InviteBody }>(
    // Request schemas of this file: core/contract/requests.ts (the demo backend validates with them too).
    `${users}/v2`,
    async (request, reply) => {
      const claims = callerOf(request);
      const tenantId = accountOf(request);
      const body = request.body;
      if (body.name !== undefined && body.name !== null && !body.name.trim())
        throw contractError('NAME_EMPTY');
      // The client SDK re-invites with the same call (teams.resendInvitationLink: `{ email }`, no
      // roles): an address whose invitation here is pending gets a fresh link, nothing else changes.
      const pending =
        body.roleIds === undefined ? await pendingInviteeId(ctx.db, tenantId, body.email) : null;
      if (pending) {
        await resendInvitation(ctx, { tenantId, userId: pending, inviterId: claims.sub }, log(request));
        const [member] = (
          await listTenantUsers(ctx.db, {
            tenantId,
            userId: pending,
            filter: '',
            sortBy: 'name',
            order: 'ASC',
            page: 0,
            limit: 1,
          })
        ).items;
        return reply.status(200).send(member);
      }
      // No escalation: an admin invites only with roles whose permissions they hold themselves.
      await assertMayGrantRoles(ctx.db, claims, tenantId, body.roleIds ?? []);
      const member = await inviteUser(
        ctx,
        {
          tenantId,
          inviterId: claims.sub,
          email: body.email,
          name: body.name,
          phoneNumber: body.phoneNumber,
          roleIds: body.roleIds,
          skipInviteEmail: body.skipInviteEmail,
        },
        log(request),
      );
      return reply.status(201).send(member);
    },
  );

  /** The member the body names in `tenantId`; 404 for an email that is not one. */
  const namedMember = async (tenantId: string, body: { userId?: string; email?: string }) => {
    if (body.userId) return body.userId;
    const id = await memberIdByEmail(ctx.db, tenantId, body.email!);
    if (!id) throw contractError('MEMBER_NOT_FOUND');
    return id;
  };

  /**
   * An admin resends a member's invitation (`{ userId }` or `{ email }`, bearer with
   * fe.secure.write.users). Without a bearer token and with `{ email }`, the client SDK's public
   * resend from a sign-in page (auth.resendInvitationEmail): 200 whatever the address, a fresh link
   * to each pending invitation it has (resendInvitationsToEmail).
   */
  app.post<{ Body: { userId?: string; email?: string } }>(`${users}/v1/invitation/reset`, async (request) => {
    if (request.body.email && !request.headers.authorization) {
      await resendInvitationsToEmail(ctx, request.body.email, log(request));
      return {};
    }
    // The descriptor leaves the check here (the public branch above has no bearer).
    const claims = await requireUser(ctx.tokens, request);
    const tenantId = requirePermission(claims, 'fe.secure.write.users');
    const memberId = await namedMember(tenantId, request.body);
    await resendInvitation(ctx, { tenantId, userId: memberId, inviterId: claims.sub }, log(request));
    return {};
  });

  app.post<{ Body: { userId?: string; email?: string } }>(
    `${users}/v1/invitation/reset/all`,
    async (request) => {
      const claims = callerOf(request);
      // Every account of the caller's where the address is invited: found by email, not by account.
      const byEmail = request.body.email ? await findUserByEmail(ctx.db, request.body.email) : null;
      const memberId = request.body.userId ?? byEmail?.id;
      if (!memberId) throw contractError('INVITATION_NONE_PENDING');
      return resendAllInvitations(ctx, { callerId: claims.sub, userId: memberId }, log(request));
    },
  );

  app.post<{ Body: { userId: string; token: string } }>(`${users}/v1/invitation/verify`, async (request) =>
    verifyInvitation(ctx.db, request.body.userId, request.body.token),
  );

  app.post<{ Body: { userId: string; token: string; password?: string | null } }>(
    `${users}/v1/invitation/accept`,
    async (request) =>
      acceptInvitation(ctx, request.body, { passwordOptional: true, log: (m) => request.log.error(m) }),
  );

  // ---- the tenant's invite link ----
  app.get(`${invites}/configuration`, async (request) => {
    accountOf(request);
    return {
      defaultExpiresInMinutes: INVITE_LINK_DEFAULT_MINUTES,
      maxExpiresInMinutes: INVITE_LINK_MAX_MINUTES,
      // The client SDK's fields (IInviteLinkConfiguration): links are always allowed here, and
      // the server always has a way to send email (SMTP or the development outbox).
      tenantInvitationsAllowed: true,
      emailsEnabled: true,
    };
  });

  /** The link's token and address, for a caller who may share it (one who may invite). */
  const shareable = async (tenantId: string) => {
    const token = await inviteLinkToken(ctx.db, ctx.secretBox, tenantId);
    if (!token) return {};
    return { token, link: accountLink(ctx.options.appUrl, '/account/sign-up', { invitationToken: token }) };
  };

  // No link yet: `{}` (the client SDK's Users page reads "no link", a 404 would be an error there).
  // The token only for a caller holding fe.secure.write.users: a reader may not invite (docs/contract.md).
  app.get(`${invites}/user`, async (request) => {
    const claims = callerOf(request);
    const tenantId = accountOf(request);
    const link = await getInviteLink(ctx.db, tenantId);
    if (!link) return {};
    if (!holdsPermission(claims.permissions ?? [], 'fe.secure.write.users')) return link;
    return { ...link, ...(await shareable(tenantId)) };
  });

  app.post<{ Body: { expiresInMinutes?: number; shouldSendEmail?: boolean } }>(
    `${invites}/user`,
    async (request, reply) => {
      const claims = callerOf(request);
      const tenantId = accountOf(request);
      const created = await createInviteLink(ctx.db, ctx.secretBox, {
        tenantId,
        createdBy: claims.sub,
        expiresInMinutes: request.body?.expiresInMinutes,
        shouldSendEmail: request.body?.shouldSendEmail,
      });
      const link = accountLink(ctx.options.appUrl, '/account/sign-up', { invitationToken: created.token });
      return reply.status(201).send({ ...created, link });
    },
  );

  app.patch<{ Body: { expiresInMinutes?: number; shouldSendEmail?: boolean } }>(
    `${invites}/user`,
    async (request) => {
      const tenantId = accountOf(request);
      return { ...(await updateInviteLink(ctx.db, tenantId, request.body)), ...(await shareable(tenantId)) };
    },
  );

  app.delete(`${invites}/user`, async (request) => {
    const tenantId = accountOf(request);
    await deleteInviteLink(ctx.db, tenantId);
    return {};
  });

  app.post<{ Body: { token: string } }>(`${invites}/verify`, async (request, reply) => {
    const tenant = await findInviteLinkTenant(ctx.db, request.body.token);
    if (!tenant) throw contractError('INVITE_LINK_INVALID');
    // A JSON string: the client reads the name alone (a bare string would go out as text/plain).
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(tenant.name));
  });
}
