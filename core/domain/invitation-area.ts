/**
 * The invitations' signed-in routes (core/domain/invitation-handlers.ts INVITATION_HANDLERS, the
 * admin's resend of RESEND_INVITATION) over a backend's platform (core/domain/platform.ts): the
 * area's ports, written once. Kept apart from the handlers, which the sign-in page's public routes
 * load too: only the back office (and an admin's resend) loads these.
 */
import type { InvitationHandlerPorts } from './invitation-handlers';
import { invitationPortsOver } from './invitation-store';
import { inviteLinksOn } from './invite-links';
import type { Platform, PortsFor } from './platform';
import { roleGrantsOver } from './role-store';
import { listedMember } from './team-member-list';
import { userRepository } from './user-tables';

/** The invitation ports over a backend's platform: its sending, email-domain rules and webhooks. */
const invitationsOn = (platform: Platform) =>
  invitationPortsOver(platform.tables, platform.clock, {
    roleGrants: (tenantId, roleIds) => roleGrantsOver(platform.tables, tenantId, roleIds),
    emailDomainAllowed: (tenantId, email) => platform.invitations.emailDomainAllowed(tenantId, email),
    permissionsIn: (callerId, tenantId) => platform.memberPermissions(tenantId, callerId),
    sendInvitation: (invitation, inviterId) => platform.invitations.send(invitation, inviterId),
    invited: (tenantId, userId, email) => platform.emit(tenantId, 'user.invited', { userId, email }),
  });

/** The signed-in routes' ports over a backend's platform, for one caller. */
export const invitationAreaPorts: PortsFor<InvitationHandlerPorts> = (platform, caller) => ({
  invitations: invitationsOn(platform),
  links: inviteLinksOn(platform),
  held: async () => caller.permissions,
  memberRow: (tenantId, userId) =>
    listedMember(platform.tables, platform.clock, tenantId, userId, platform.members.scimMemberships),
  userIdByEmail: async (email) =>
    (await userRepository(platform.tables, platform.clock).byEmail(email))?.id ?? null,
  newLinkToken: () => platform.invitations.newLinkToken(),
  get appUrl() {
    return platform.appUrl();
  },
  now: () => platform.clock.now(),
});
