/**
 * What the server does with invitations and invite links. The rules (who may invite whom, with which
 * roles, resend, verify, accept, the link's lifetime and answers) are core/domain/invitations.ts,
 * over the storage of core/domain/invitation-store.ts, their ports assembled once over each
 * backend's platform (core/domain/invitation-area.ts); demo mode runs the same. Here: how the server
 * keeps an invite link's token (the platform's `invitations.linkSecrets`).
 *
 * Accepting does not sign in (spec 000 §4: "success (user cleared, unauthenticated)"): the user signs
 * in with their new password. An account that accepts without one gets an email to choose it (a
 * password-reset link, one hour), so it never stays one nobody can sign in to.
 */
import { createHash } from 'node:crypto';
import type { LinkSecrets } from '../../core/domain/invite-links';
import type { FlowContext } from './account-flows';

/**
 * How the server keeps an invite link's token: found by its SHA-256, sealed with the server's secret
 * box (migration 26: older links have none to show).
 */
export const inviteLinkSecrets = (ctx: Pick<FlowContext, 'secretBox'>): LinkSecrets => ({
  hash: (token) => createHash('sha256').update(`inviteLink:${token}`).digest('hex'),
  seal: (token, boundTo) => ctx.secretBox.seal(token, boundTo),
  open: (sealed, boundTo) => ctx.secretBox.open(sealed, boundTo),
});
