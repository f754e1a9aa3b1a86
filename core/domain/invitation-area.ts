/**
 * The invitations' routes (core/domain/invitation-handlers.ts: INVITATION_HANDLERS; the public ones,
 * a link's verification and acceptance, the resend, the invite link a sign-up or sign-in joins)
 * over a backend's platform (core/domain/platform.ts): their ports, written once.
 */
import { acceptanceOn, quietly, secretsOn } from './account-flow-ports';
import { invitationAddress } from './account-links';
import { signInLimits } from './attempts';
import type { InvitationHandlerPorts, InvitationPublicPorts } from './invitation-handlers';
import { invitationPortsOver, invitationStore } from './invitation-store';
import { inviteLinksOn } from './invite-links';
import type { Platform, PortsFor, PublicPortsFor } from './platform';
import { roleGrantsOver } from './role-store';
import { listedMember } from './team-member-list';
import { displayName, userRepository } from './user-tables';
import { permissionKeysIn } from './member-grants';

/**
 * Issues a fresh invitation link for the user in the account (their older one of that account
 * retired) and emails it, in their language, else the account's; a failed delivery is logged.
 */
async function sendInvitation(
  platform: Platform,
  { tenantId, userId }: { tenantId: string; userId: string },
  inviterId: string | null,
  log: (message: string) => void,
): Promise<void> {
  const users = userRepository(platform.tables, platform.clock);
  const user = await users.byId(userId);
  if (!user) return;
  const link = {
    purpose: 'invitation',
    userId,
    kind: 'link',
    data: { tenantId },
    retireScope: 'tenantId',
  } as const;
  const token = await secretsOn(platform).issue(link);
  const inviter = inviterId ? await users.byId(inviterId) : null;
  const tenant = await invitationStore(platform.tables, platform.clock).liveTenant(tenantId);
  const params = {
    link: invitationAddress(platform.appUrl(), userId, token),
    tenantName: tenant?.name ?? '',
    inviterName: inviter ? displayName(inviter) : null,
  };
  await quietly(() => platform.sendEmail({ userId, email: user.email, tenantId }, 'invitation', params), log);
}

/** The invitation ports over a backend's platform: its sending, email-domain rules and webhooks. */
const invitationsOn = (platform: Platform, log: (message: string) => void) =>
  invitationPortsOver(platform.tables, platform.clock, {
    roleGrants: (tenantId, roleIds) => roleGrantsOver(platform.tables, tenantId, roleIds),
    emailDomainAllowed: (tenantId, email) => platform.invitations.emailDomainAllowed(tenantId, email),
    permissionsIn: (callerId, tenantId) => permissionKeysIn(platform.tables, tenantId, callerId),
    sendInvitation: (invitation, inviterId) => sendInvitation(platform, invitation, inviterId, log),
    invited: (tenantId, userId, email) => platform.emit(tenantId, 'user.invited', { userId, email }),
  });

/** A failed delivery of an admin's call (the platform has no request: the process's error output). */
const logged = (message: string) => console.error(`invitation: ${message}`);

/** The signed-in routes' ports over a backend's platform, for one caller. */
export const invitationAreaPorts: PortsFor<InvitationHandlerPorts> = (platform, caller) => ({
  invitations: invitationsOn(platform, logged),
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

/**
 * The public routes' ports over a backend's platform and the request: the invitations, their
 * acceptance (with the application's password policy), the invite link, the sending limit, the
 * caller a bearer makes the resend's.
 */
export const invitationPublicAreaPorts: PublicPortsFor<InvitationPublicPorts> = (platform, visit) => ({
  invitations: invitationsOn(platform, visit.log),
  acceptance: acceptanceOn(platform, visit.log),
  links: inviteLinksOn(platform),
  countSend: signInLimits(platform.attempts, visit.ip).countSend,
  caller: () => visit.caller(),
});
