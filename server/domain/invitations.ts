/**
 * What the server does with invitations and invite links. The rules (who may invite whom, with which
 * roles, resend, verify, accept, the link's lifetime and answers) are core/domain/invitations.ts,
 * over the storage of core/domain/invitation-store.ts; demo mode runs the same rules. Here: the ports on
 * the server (one-time link tokens, stored hashed, single use, one per user and account; password
 * hashing and rules; the emails in the recipient's language; the account's webhooks; the
 * acceptance, which the activation page uses too: core/domain/activation-handlers.ts), and joining
 * through an invite link at sign-up or sign-in.
 *
 * Accepting does not sign in (spec 000 §4: "success (user cleared, unauthenticated)"): the user signs
 * in with their new password. An account that accepts without one gets an email to choose it (a
 * password-reset link, one hour), so it never stays one nobody can sign in to.
 */
import { createHash } from 'node:crypto';
import type { InvitationPorts, InviteLinkPorts } from '../../core/domain/invitations';
import { inviteLinksOn, type LinkSecrets } from '../../core/domain/invite-links';
import { invitationPortsOver, invitationStore } from '../../core/domain/invitation-store';
import { invitationAddress, signInAddress } from '../../core/domain/account-links';
import { invitationEmail, joinedAccountEmail } from '../delivery/messages';
import { emailDomainAllowed } from './email-domain-restrictions';
import { localeOfRecipient } from '../storage/locales';
import { permissionKeysOfRoles } from '../storage/roles';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';
import { sendQuietly, type FlowContext } from './account-flows';
import { issueOneTimeToken } from './one-time-tokens';
import { loadAuthorization } from './tenants';
import { displayName } from '../../core/domain/user-tables';
import { findUserById } from '../storage/users';
import { emitEvent } from './connectivity';

type Log = (message: string) => void;

/**
 * How the server keeps an invite link's token: found by its SHA-256, sealed with the server's secret
 * box (migration 26: older links have none to show).
 */
export const inviteLinkSecrets = (ctx: Pick<FlowContext, 'secretBox'>): LinkSecrets => ({
  hash: (token) => createHash('sha256').update(`inviteLink:${token}`).digest('hex'),
  seal: (token, boundTo) => ctx.secretBox.seal(token, boundTo),
  open: (sealed, boundTo) => ctx.secretBox.open(sealed, boundTo),
});

/** The invite link's ports on the server: its rows in SQL, its token kept as `inviteLinkSecrets`. */
export const inviteLinkPorts = (
  ctx: Pick<FlowContext, 'db' | 'secretBox'>,
  now: () => number = Date.now,
): InviteLinkPorts =>
  inviteLinksOn({
    tables: sqlTables(ctx.db),
    clock: { newId: SERVER_ROW_CLOCK.newId, now },
    invitations: { linkSecrets: inviteLinkSecrets(ctx) },
  });

/** Issues a fresh invitation link for the user in the account (older one retired) and emails it. */
export async function sendInvitation(
  ctx: FlowContext,
  invitation: { tenantId: string; userId: string },
  inviterId: string | null,
  log: Log,
): Promise<void> {
  const user = await findUserById(ctx.db, invitation.userId);
  if (!user) return;
  const token = await issueOneTimeToken(ctx.db, {
    purpose: 'invitation',
    userId: user.id,
    kind: 'link',
    data: { tenantId: invitation.tenantId },
    retireScope: 'tenantId',
  });
  const inviter = inviterId ? await findUserById(ctx.db, inviterId) : null;
  const message = invitationEmail(
    user.email,
    invitationAddress(ctx.options.appUrl, user.id, token),
    (await invitationStore(sqlTables(ctx.db), SERVER_ROW_CLOCK).liveTenant(invitation.tenantId))?.name ?? '',
    inviter ? displayName(inviter) : null,
    await localeOfRecipient(ctx.db, user.id, invitation.tenantId),
  );
  await sendQuietly(() => ctx.delivery.sendEmail(message), log);
}

/** The invitation ports on the server; `log` records a delivery that failed (the answer stands). */
export function invitationPorts(ctx: FlowContext, log: Log): InvitationPorts {
  const { db } = ctx;
  return invitationPortsOver(sqlTables(db), SERVER_ROW_CLOCK, {
    roleGrants: (tenantId, roleIds) => permissionKeysOfRoles(db, tenantId, roleIds),
    emailDomainAllowed: (tenantId, email) => emailDomainAllowed(db, tenantId, email),
    permissionsIn: async (callerId, tenantId) =>
      (await loadAuthorization(db, callerId, tenantId)).permissions.map((p) => p.key),
    sendInvitation: (invitation, inviterId) => sendInvitation(ctx, invitation, inviterId, log),
    invited: (tenantId, userId, email) => emitEvent(ctx, tenantId, 'user.invited', { userId, email }),
  });
}

/** When the link asks for it, the person who joined gets an email saying so. */
export async function notifyJoined(
  ctx: FlowContext,
  to: { userId: string; email: string },
  tenant: { tenantId: string; name: string; shouldSendEmail: boolean },
  log: Log,
): Promise<void> {
  if (!tenant.shouldSendEmail) return;
  const locale = await localeOfRecipient(ctx.db, to.userId, tenant.tenantId);
  const login = signInAddress(ctx.options.appUrl);
  const message = joinedAccountEmail(to.email, tenant.name, login, locale);
  await sendQuietly(() => ctx.delivery.sendEmail(message), log);
}
