/**
 * The invitations' and invite link's routes (core/contract/routes/team.ts), written once for the
 * server and demo mode (core/domain/back-office-areas.ts; the invite link's verify, each backend's
 * own: server/routes/invitations.ts, core/demo/backOffice.ts) over the ports of
 * core/domain/invitations.ts (core/domain/handlers.ts). The invite link's public verify answers the
 * account's name alone (the server sends it as a JSON string); the one-user resend is public
 * without a bearer and with `{ email }` (its descriptor's `publicWith`), a public route whose ports
 * say whether a bearer made the call a caller's (`caller`, the server's rule on both backends).
 */
import { contractError } from '../contract/errors';
import { answer, type AreaHandlers, type PublicHandlers } from './handlers';
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
  type AcceptancePorts,
  type InvitationPorts,
  type InviteLinkPorts,
} from './invitations';

/** What the public routes read: invitations, their links, the invite link, the sending limit. */
export interface InvitationPublicPorts {
  invitations: InvitationPorts;
  acceptance: AcceptancePorts;
  links: InviteLinkPorts;
  /** Counts an email toward the address's sending limit (429 beyond it). */
  countSend(email: string): Promise<void>;
  /** Who a bearer makes the call's, as the route's access check verified them (null: a public call). */
  caller(): { tenantId: string; userId: string } | null;
}

/** What the signed-in routes read: invitations, the invite link, and besides: */
export interface InvitationHandlerPorts extends Pick<InvitationPublicPorts, 'invitations' | 'links'> {
  /** The caller's permissions in the account they act in (they grant only what they hold). */
  held(): Promise<readonly string[]>;
  /** The member as the users list shows them (the answer to an invitation). */
  memberRow(tenantId: string, userId: string): Promise<unknown>;
  /** The id of the user with this address, or null. */
  userIdByEmail(email: string): Promise<string | null>;
  /** A fresh invite link token. */
  newLinkToken(): string;
  /** The application's address (the links in answers and emails lead there). */
  appUrl: string;
  now(): number;
}

type Body = { userId?: string; email?: string };

/** Where an invite link's answer is read: the caller's account, the application, now. */
const scope = (p: InvitationHandlerPorts, tenantId: string) => ({ tenantId, appUrl: p.appUrl, now: p.now() });

export const INVITATION_HANDLERS: AreaHandlers<InvitationHandlerPorts> = {
  // The client SDK re-invites with the same call (teams.resendInvitationLink: `{ email }`, no
  // roles): 200 and the member; a new invitation 201.
  postUsers: async (p, { tenantId, userId, body }) => {
    const invited = await inviteUser(p.invitations, {
      ...(body as { email: string }),
      tenantId,
      inviterId: userId,
      held: await p.held(),
    });
    return answer(await p.memberRow(tenantId, invited.userId), invited.created ? 201 : 200);
  },
  // Every account of the caller's where the address is invited: found by email, not by account.
  postUsersInvitationResetAll: async (p, { userId: callerId, body }) => {
    const { userId, email } = body as Body;
    const byEmail = !userId && email ? await p.userIdByEmail(email) : null;
    return answer(await resendAllInvitations(p.invitations, { callerId, userId: userId ?? byEmail }));
  },
  getTenantsInvitesConfiguration: async () => answer(inviteLinkConfiguration()),
  getTenantsInvitesUser: async (p, { tenantId }) =>
    answer(await readInviteLink(p.links, scope(p, tenantId), await p.held())),
  postTenantsInvitesUser: async (p, { tenantId, userId, body }) => {
    const input = { ...body, token: p.newLinkToken(), createdBy: userId };
    return answer(await createInviteLink(p.links, scope(p, tenantId), input), 201);
  },
  patchTenantsInvitesUser: async (p, { tenantId, body }) =>
    answer(await updateInviteLink(p.links, scope(p, tenantId), body)),
  deleteTenantsInvitesUser: async (p, { tenantId }) => {
    await deleteInviteLink(p.links, tenantId);
    return answer({});
  },
};

type Link = { userId: string; token: string; password?: string | null };

/**
 * The public routes. POST invitation/reset: an admin resends a member's invitation (`{ userId }`
 * or `{ email }`); without a bearer and with `{ email }` (its descriptor's `publicWith`), the
 * client SDK's public resend from a sign-in page (auth.resendInvitationEmail): 200 whatever the
 * address, counted toward its sending limit, a fresh link to each pending invitation.
 */
export const INVITATION_PUBLIC_HANDLERS: PublicHandlers<InvitationPublicPorts> = {
  postUsersInvitationVerify: async (p, { body }) => {
    const { userId, token } = body as Link;
    return answer(await verifyInvitation(p.acceptance, userId, token));
  },
  postUsersInvitationAccept: async (p, { body }) =>
    answer(await acceptInvitation(p.acceptance, body as Link, true)),
  postUsersInvitationReset: async (p, { body }) => {
    const caller = p.caller();
    if (caller) {
      const { tenantId, userId: inviterId } = caller;
      await resendInvitation(p.invitations, { ...(body as Body), tenantId, inviterId });
      return answer({});
    }
    const { email } = body as Body;
    if (email === undefined) throw contractError('BEARER_MISSING');
    await p.countSend(email);
    await resendInvitationsToEmail(p.invitations, email);
    return answer({});
  },
};

/** The invite link's public verify: the account's name alone (the client SDK's verifyInviteToken reads a string). */
export const INVITE_LINK_VERIFY_HANDLERS: PublicHandlers<InvitationPublicPorts> = {
  postTenantsInvitesVerify: async (p, { body }) =>
    answer((await inviteLinkTenant(p.links, body.token as string)).name),
};
