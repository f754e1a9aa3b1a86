/**
 * Invitations (spec 001 §4 §7 "Add or invite user", "Resend ... invitation link"; spec 000 §4
 * "Accept invitation") and an account's invite link (spec 001 §3 §7 "Invite link"), written once for
 * the server (server/domain/invitations.ts over the storage of core/domain/invitation-store.ts) and demo
 * mode (core/domain/invitation-area.ts over its platform: its stored users and links).
 *
 * - An admin invites an address into their account with roles whose permissions they hold
 *   (core/domain/grants.ts), where the account's email-domain restrictions let it join. Without
 *   roles, inviting an address whose invitation is pending re-sends it (the client SDK's
 *   resendInvitationLink); otherwise a pending invitation or a membership is a conflict.
 * - The invitation email holds `{app}/account/invitation/accept?userId=..&token=..`: a one-time link
 *   (core/domain/passwordless.ts `ONE_TIME_LIFETIME_SECONDS`); resending retires the older link for that account.
 * - Accepting checks the password (when the account has none and one is sent) before the link is
 *   used; without one, the account chooses it later through an emailed link.
 * - The invite link is an account-wide join link for sign-up (`{app}/account/sign-up?invitationToken=..`),
 *   `INVITE_LINK_DEFAULT_MINUTES` unless told, shown with its token only to a caller who may invite.
 */
import { contractError, type ContractError } from '../contract/errors';
import { holdsPermission } from '../contract/permissions';
import { INVITE_LINK_MAX_MINUTES } from '../contract/requests';
import { assertHoldsAll } from './grants';
import { inviteLinkAddress } from './account-links';

/** Who may invite, resend and share the invite link. */
const INVITE_PERMISSION = 'fe.secure.write.users';
/** Spec 001 §9: "Invite link default lifetime 43200 minutes (30 days)". */
const INVITE_LINK_DEFAULT_MINUTES = 43200;

/** The address-book form of an email: trimmed, lower case. */
const normalizedEmail = (email: string) => email.trim().toLowerCase();

// ---- Inviting and resending ------------------------------------------------------------------

/** A person to add to an account with a pending membership. */
export interface Invitee {
  email: string;
  name: string;
  phone: string | null;
  roleIds: string[];
}

/** A pending invitation of a user to an account. */
export interface PendingInvitation {
  tenantId: string;
  userId: string;
}

/** Storage and delivery of invitations. */
export interface InvitationPorts {
  /** The member of the account with this address (pending or not), or null. */
  memberByEmail(tenantId: string, email: string): Promise<{ userId: string; pending: boolean } | null>;
  /** Whether `userId` is a member of the account: pending or not; null when not a member. */
  membership(tenantId: string, userId: string): Promise<{ pending: boolean } | null>;
  /** Which of these ids are the account's roles, and the permission keys those grant. */
  roleGrants(tenantId: string, roleIds: string[]): Promise<{ known: string[]; keys: Iterable<string> }>;
  /** Whether the account's email-domain restrictions let `email` join. */
  emailDomainAllowed(tenantId: string, email: string): Promise<boolean>;
  /**
   * Adds the invitee (a new user when the address has none) with a pending membership and roles;
   * their user id, or null when the address was taken meanwhile (another admin invited it).
   */
  addInvitee(tenantId: string, invitee: Invitee): Promise<string | null>;
  /** The pending invitations of a user, or of an address, in accounts that exist. */
  pendingOf(who: { userId: string } | { email: string }): Promise<PendingInvitation[]>;
  /** The permission keys `callerId` holds in `tenantId` (none when not a member). */
  permissionsIn(callerId: string, tenantId: string): Promise<readonly string[]>;
  /** Issues a fresh invitation link (older ones for that account retired) and emails it. */
  sendInvitation(invitation: PendingInvitation, inviterId: string | null): Promise<void>;
  /** Someone was invited (the account's webhooks on the server). */
  invited(tenantId: string, userId: string, email: string): Promise<void>;
}

interface InviteInput {
  tenantId: string;
  inviterId: string;
  /** The inviter's permissions in the account (they grant only what they hold). */
  held: readonly string[];
  email: string;
  name?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  roleIds?: string[] | undefined;
  /** The admin hands the link over themselves: no email. */
  skipInviteEmail?: boolean | undefined;
}

/**
 * POST users v2: invites the address into the account. `created` false when it re-sent a pending
 * invitation (no roles named); 409 for a member or an invitation pending with roles named, 400 for
 * roles that are not the account's, 403 for a role granting what the inviter lacks.
 */
export async function inviteUser(
  ports: InvitationPorts,
  input: InviteInput,
): Promise<{ userId: string; created: boolean }> {
  if (typeof input.name === 'string' && !input.name.trim()) throw contractError('NAME_EMPTY');
  const email = normalizedEmail(input.email);
  const { tenantId } = input;
  const member = await ports.memberByEmail(tenantId, email);
  if (input.roleIds === undefined && member?.pending) {
    await ports.sendInvitation({ tenantId, userId: member.userId }, input.inviterId);
    return { userId: member.userId, created: false };
  }
  const roleIds = [...new Set(input.roleIds ?? [])];
  const grants = await ports.roleGrants(tenantId, roleIds);
  assertHoldsAll(input.held, grants.keys);
  if (!(await ports.emailDomainAllowed(tenantId, email))) throw contractError('EMAIL_DOMAIN_NOT_ALLOWED');
  if (grants.known.length !== roleIds.length) throw contractError('ROLES_UNKNOWN');
  if (member) throw contractError(member.pending ? 'ALREADY_INVITED' : 'ALREADY_MEMBER');
  const userId = await ports.addInvitee(tenantId, {
    email,
    name: input.name?.trim() || email.split('@')[0]!,
    phone: input.phoneNumber?.trim() || null,
    roleIds,
  });
  if (!userId) throw contractError('ALREADY_INVITED');
  await ports.invited(tenantId, userId, email);
  if (!input.skipInviteEmail) await ports.sendInvitation({ tenantId, userId }, input.inviterId);
  return { userId, created: true };
}

/**
 * POST /invitation/reset: a new invitation link for a member (named by id or address) who has not
 * accepted yet. 404 for someone who is not a member, 400 once they have accepted.
 */
export async function resendInvitation(
  ports: InvitationPorts,
  input: { tenantId: string; inviterId: string; userId?: string | undefined; email?: string | undefined },
): Promise<void> {
  const { tenantId } = input;
  const userId =
    input.userId ?? (await ports.memberByEmail(tenantId, normalizedEmail(input.email ?? '')))?.userId;
  const membership = userId ? await ports.membership(tenantId, userId) : null;
  if (!userId || !membership) throw contractError('MEMBER_NOT_FOUND');
  if (!membership.pending) throw contractError('INVITATION_ACCEPTED');
  await ports.sendInvitation({ tenantId, userId }, input.inviterId);
}

/**
 * POST /invitation/reset/all: re-sends every pending invitation of the user in the accounts where
 * the caller may invite. 404 when there is none.
 */
export async function resendAllInvitations(
  ports: InvitationPorts,
  input: { callerId: string; userId: string | null },
): Promise<{ tenantIds: string[] }> {
  const sent: string[] = [];
  for (const invitation of input.userId ? await ports.pendingOf({ userId: input.userId }) : []) {
    const held = await ports.permissionsIn(input.callerId, invitation.tenantId);
    if (!holdsPermission(held, INVITE_PERMISSION)) continue;
    await ports.sendInvitation(invitation, input.callerId);
    sent.push(invitation.tenantId);
  }
  if (sent.length === 0) throw contractError('INVITATION_NONE_PENDING');
  return { tenantIds: sent };
}

/**
 * The client SDK's public resend (auth.resendInvitationEmail { email }): every pending invitation of
 * the address gets a fresh link, sent to that address only. The caller answers the same whatever
 * the address (not enumerable).
 */
export async function resendInvitationsToEmail(ports: InvitationPorts, email: string): Promise<void> {
  for (const invitation of await ports.pendingOf({ email: normalizedEmail(email) }))
    await ports.sendInvitation(invitation, null);
}

// ---- Verifying and accepting -----------------------------------------------------------------

/** An invitation whose link is live and whose membership is still pending. */
export interface LiveInvitation {
  tenantId: string;
  tenantName: string;
  /** The account has no password yet. */
  shouldSetPassword: boolean;
  email: string;
}

/** Storage of invitation links, and what follows accepting. */
export interface AcceptancePorts {
  /** The invitation behind a link when it is live and still pending; null otherwise. */
  live(userId: string, token: string): Promise<LiveInvitation | null>;
  /** Why a new password is refused, or null. */
  passwordProblem(password: string): Promise<ContractError | null>;
  /**
   * Uses the link, starts the membership, proves the address, makes the account the user's active
   * one and sets `password` when given; false when the link was used meanwhile.
   */
  join(input: { userId: string; token: string; tenantId: string; password: string | null }): Promise<boolean>;
  /** Emails the link to choose a password (an invitation accepted without one). */
  sendChoosePassword(userId: string, invitation: LiveInvitation): Promise<void>;
}

/** POST /invitation/verify: the account's name and whether accepting needs a password. 400 when the link is not live. */
export async function verifyInvitation(ports: Pick<AcceptancePorts, 'live'>, userId: string, token: string) {
  const live = await ports.live(userId, token);
  if (!live) throw contractError('INVITATION_INVALID').withStatus(400);
  return {
    name: live.tenantName,
    tenantId: live.tenantId,
    shouldSetPassword: live.shouldSetPassword,
    email: live.email,
  };
}

/**
 * POST /invitation/accept. 410 when the link is not live (any more); 400 for the password. An
 * account without a password accepts with the link alone when `passwordOptional` (the client SDK's
 * accept page has no password step); the email to choose one follows.
 */
export async function acceptInvitation(
  ports: AcceptancePorts,
  input: { userId: string; token: string; password?: string | null | undefined },
  passwordOptional: boolean,
): Promise<{ tenantId: string; name: string }> {
  const live = await ports.live(input.userId, input.token);
  if (!live) throw contractError('INVITATION_INVALID');
  const choosesLater = live.shouldSetPassword && !input.password && passwordOptional;
  const password = live.shouldSetPassword && !choosesLater ? (input.password ?? '') : null;
  if (password !== null) {
    if (!password) throw contractError('PASSWORD_REQUIRED');
    const problem = await ports.passwordProblem(password);
    if (problem) throw problem;
  }
  const joined = await ports.join({
    userId: input.userId,
    token: input.token,
    tenantId: live.tenantId,
    password,
  });
  if (!joined) throw contractError('INVITATION_INVALID');
  if (choosesLater) await ports.sendChoosePassword(input.userId, live);
  return { tenantId: live.tenantId, name: live.tenantName };
}

// ---- The invite link -------------------------------------------------------------------------

/** An account's invite link as storage keeps it (times as ISO strings). */
export interface InviteLinkRecord {
  id: string;
  tenantId: string;
  vendorId: string;
  expiresInMinutes: number;
  expiresAt: string;
  shouldSendEmail: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Storage of one invite link per account; the token is kept so it can be shown again (sealed on the server). */
export interface InviteLinkPorts {
  find(tenantId: string): Promise<InviteLinkRecord | null>;
  /** Creates the account's link, replacing an older one (which stops working). */
  replace(
    tenantId: string,
    link: { token: string; expiresInMinutes: number; shouldSendEmail: boolean; createdBy: string },
  ): Promise<InviteLinkRecord>;
  /** A new lifetime counts from now; null when the account has no link. */
  update(
    tenantId: string,
    patch: { expiresInMinutes?: number | undefined; shouldSendEmail?: boolean | undefined },
  ): Promise<InviteLinkRecord | null>;
  remove(tenantId: string): Promise<boolean>;
  /** The link's token; null when there is none (or it cannot be shown). */
  token(tenantId: string): Promise<string | null>;
  /** The account a live link's token leads to, or null (unknown, expired, replaced, deleted). */
  tenantOf(token: string): Promise<{ tenantId: string; name: string; shouldSendEmail: boolean } | null>;
}

/** GET /configuration: what the link's lifetime may be (links are always allowed; email always has a way out). */
export const inviteLinkConfiguration = () => ({
  defaultExpiresInMinutes: INVITE_LINK_DEFAULT_MINUTES,
  maxExpiresInMinutes: INVITE_LINK_MAX_MINUTES,
  // The client SDK's fields (IInviteLinkConfiguration).
  tenantInvitationsAllowed: true,
  emailsEnabled: true,
});

/** The link as the contract answers it (`now` decides `expired`). */
function linkDto(link: InviteLinkRecord, now: number) {
  return {
    id: link.id,
    tenantId: link.tenantId,
    vendorId: link.vendorId,
    expiresInMinutes: link.expiresInMinutes,
    expiresAt: link.expiresAt,
    // The client SDK's name for the same moment (IInviteUserLinkResponse.expires).
    expires: link.expiresAt,
    shouldSendEmail: link.shouldSendEmail,
    expired: Date.parse(link.expiresAt) <= now,
    createdAt: link.createdAt,
    updatedAt: link.updatedAt,
  };
}

async function shareable(ports: InviteLinkPorts, tenantId: string, appUrl: string) {
  const token = await ports.token(tenantId);
  return token ? { token, link: inviteLinkAddress(appUrl, token) } : {};
}

/** Where a link's answer is read: the account, the application's address and the moment. */
interface InviteLinkScope {
  tenantId: string;
  appUrl: string;
  now: number;
}

/**
 * GET /user: `{}` without a link (the client SDK's users page reads "no link"); the token and the
 * address only for a caller who may invite (docs/contract.md).
 */
export async function readInviteLink(
  ports: InviteLinkPorts,
  scope: InviteLinkScope,
  held: readonly string[],
) {
  const link = await ports.find(scope.tenantId);
  if (!link) return {};
  const dto = linkDto(link, scope.now);
  if (!holdsPermission(held, INVITE_PERMISSION)) return dto;
  return { ...dto, ...(await shareable(ports, scope.tenantId, scope.appUrl)) };
}

/** POST /user: a new link (`token`, made by the caller's random source) replacing any older one. */
export async function createInviteLink(
  ports: InviteLinkPorts,
  scope: InviteLinkScope,
  input: {
    token: string;
    createdBy: string;
    expiresInMinutes?: number | undefined;
    shouldSendEmail?: boolean | undefined;
  },
) {
  const link = await ports.replace(scope.tenantId, {
    token: input.token,
    createdBy: input.createdBy,
    expiresInMinutes: input.expiresInMinutes ?? INVITE_LINK_DEFAULT_MINUTES,
    shouldSendEmail: input.shouldSendEmail ?? false,
  });
  return {
    ...linkDto(link, scope.now),
    token: input.token,
    link: inviteLinkAddress(scope.appUrl, input.token),
  };
}

/** PATCH /user: 404 when the account has no link. */
export async function updateInviteLink(
  ports: InviteLinkPorts,
  scope: InviteLinkScope,
  patch: { expiresInMinutes?: number | undefined; shouldSendEmail?: boolean | undefined },
) {
  const link = await ports.update(scope.tenantId, patch);
  if (!link) throw contractError('INVITE_LINK_NONE');
  return { ...linkDto(link, scope.now), ...(await shareable(ports, scope.tenantId, scope.appUrl)) };
}

/** DELETE /user: 404 when the account has no link. */
export async function deleteInviteLink(ports: InviteLinkPorts, tenantId: string): Promise<void> {
  if (!(await ports.remove(tenantId))) throw contractError('INVITE_LINK_NONE');
}

/** The account a live link's token joins (sign-up, verify); 400 when it is not live. */
export async function inviteLinkTenant(ports: Pick<InviteLinkPorts, 'tenantOf'>, token: string) {
  const tenant = await ports.tenantOf(token);
  if (!tenant) throw contractError('INVITE_LINK_INVALID');
  return tenant;
}
