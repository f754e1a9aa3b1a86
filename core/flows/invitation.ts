import { isApiError } from '../api/errors';
import { MESSAGES } from '../api/messages';
import type { InvitationLink } from '../api/invitations';

/** Accept invitation screens (spec 000 §2): validate, invalid, pending, success, failed. */
export type AcceptInvitationStep = 'validate' | 'invalid' | 'pending' | 'success' | 'failed';

/** userId and token of an invitation link (`?userId=..&token=..`), or null when either is missing. */
export function readInvitationLink(search: string): InvitationLink | null {
  const params = new URLSearchParams(search);
  const userId = params.get('userId')?.trim();
  const token = params.get('token')?.trim();
  return userId && token ? { userId, token } : null;
}

/** Spec 000 §4 "Accept invitation": no token or no userId gives invalid; otherwise validate. */
export function decideInvitationStart(link: InvitationLink | null): 'validate' | 'invalid' {
  return link ? 'validate' : 'invalid';
}

/** Spec 000 §8: a failed invite check shows "We couldn't verify your invitation" (the server's reason under it when it gave one). */
export function invitationCheckFailure(error: unknown): { title: string; detail: string | null } {
  return {
    title: MESSAGES.invitationNotVerified,
    detail: isApiError(error) && error.status < 500 && error.message ? error.message : null,
  };
}

/**
 * After a refused accept: with a password typed, a 400 (the password broke a rule) keeps the form
 * and what was typed, with the message; anything else (the link is gone: 410, a server or network
 * failure) is the failed screen.
 */
export function decideAcceptFailure(error: unknown, passwordTyped: boolean): 'validate' | 'failed' {
  return passwordTyped && isApiError(error) && error.status === 400 ? 'validate' : 'failed';
}

/** The invite-link token of a sign-up address (`?invitationToken=..`), or null. */
export function readInvitationToken(search: string): string | null {
  return new URLSearchParams(search).get('invitationToken')?.trim() || null;
}
