/**
 * Texts of the invitation screens: the users page's invite, bulk-add, resend and invite-link
 * dialogs, the accept-invitation screen and sign-up through an invite link.
 *
 * Kept apart from en.ts on purpose: en.ts is in the shared chunk that the plain sign-in page
 * downloads, and these screens are lazily loaded chunks. Same shape and rules as en.ts.
 */
import { MESSAGES } from '../../core/api/messages';
import { registerLazyTexts } from './localize';

const days = (minutes: number) => Math.round(minutes / 1440);

export const enInvitations = {
  invite: {
    inviteUser: 'Invite user',
    title: 'Invite a user',
    intro: 'They get an email with a link to join this account.',
    nameLabel: 'Full name',
    emailLabel: 'Email',
    phoneLabel: 'Phone number (optional)',
    rolesLegend: 'Roles',
    noRoles: 'No roles to give in this account.',
    rolesFailed: 'The roles could not be loaded.',
    send: 'Send invitation',
    sending: 'Sending…',
    cancel: 'Cancel',
    close: 'Close',
    sent: (email: string) => `Invitation sent to ${email}.`,
    nameRequired: 'Enter the full name',
    tooLong: (max: number) => `At most ${max} characters`,
    phoneInvalid: 'Enter a phone number: digits, spaces, +, ( ) and -',
    // Bulk add
    bulkAdd: 'Add users in bulk',
    bulkTitle: 'Add users in bulk',
    bulkLabel: 'Email addresses',
    bulkHint: 'One per line, or separated by commas. Up to 50 at a time.',
    bulkEmpty: 'Enter at least one email address',
    bulkInvalid: (list: string) => `Not email addresses: ${list}`,
    bulkTooMany: (max: number) => `At most ${max} addresses at a time`,
    bulkSubmit: 'Add users',
    bulkProgress: (done: number, total: number) => `Adding ${done} of ${total}…`,
    bulkAllowed: (count: number) => `Added (${count})`,
    bulkUnallowed: (count: number) => `Not added (${count})`,
    bulkReason: (email: string, reason: string) => `${email}: ${reason}`,
    // Resend
    resendInvitation: 'Resend invitation',
    resendInvitationOf: (name: string) => `Resend the invitation to ${name}`,
    resendActivation: 'Resend activation',
    resendActivationOf: (name: string) => `Resend the activation email to ${name}`,
    resendAllTenants: 'Resend to all accounts',
    resendAllTenantsOf: (name: string) => `Resend ${name}'s invitations to every account you manage`,
    resent: (email: string) => `Email sent again to ${email}.`,
    // Status and columns
    invitationPending: 'Invited',
    columns: { provider: 'Provider', locked: 'Locked' },
    yes: 'Yes',
    no: 'No',
    presetLabel: 'Show',
    presets: {
      all: 'All users',
      INACTIVE: 'Inactive for 90 days',
      MFA_UNENROLLED: 'Without MFA',
      BREACHED_PASSWORDS: 'With a breached password',
      NEVER_SIGNED_IN: 'Never signed in',
    },
    // Invite link
    inviteLink: 'Invite link',
    linkTitle: 'Invite link',
    linkIntro: 'Anyone with the link can sign up and join this account, with no role until you give one.',
    linkNone: 'This account has no invite link.',
    linkCreate: 'Create link',
    linkCreating: 'Creating…',
    linkRegenerate: 'Create a new link',
    linkDelete: 'Delete link',
    linkDeleting: 'Deleting…',
    linkSave: 'Save',
    linkSaving: 'Saving…',
    linkSaved: 'Invite link updated.',
    linkDeleted: 'Invite link deleted: it no longer works.',
    linkCopyLabel: 'Invite link (shown only now)',
    linkCopyHint: 'Copy it now: for safety it is stored only as a fingerprint and cannot be shown again.',
    linkCopy: 'Copy link',
    linkCopied: 'Copied.',
    linkActive: (date: string) => `A link is active until ${date}.`,
    linkExpired: (date: string) => `The link expired on ${date}.`,
    linkLifetime: 'Link works for',
    lifetime: (minutes: number) => `${days(minutes)} ${days(minutes) === 1 ? 'day' : 'days'}`,
    linkSendEmail: 'Email people who join with the link a confirmation',
    loadFailed: 'The invite link could not be loaded.',
  },
  acceptInvitation: {
    title: 'Accept invitation',
    validating: 'Checking your invitation…',
    invalidTitle: MESSAGES.invitationNotVerified,
    incompleteLink:
      'This invitation link is incomplete. Open the link from the email again, or ask for a new invitation.',
    joinTenant: (tenant: string) => `You are invited to join ${tenant}.`,
    passwordIntro: (email: string) => `Choose a password for ${email}.`,
    passwordLabel: 'Password',
    accept: 'Accept invitation',
    accepting: 'Accepting…',
    success: (tenant: string) => `You joined ${tenant}. Sign in to continue.`,
    failedTitle: 'The invitation could not be accepted',
    signIn: 'Sign in',
  },
  inviteSignUp: {
    checking: 'Checking your invitation…',
    joining: (tenant: string) => `You are joining ${tenant}.`,
    invalid: MESSAGES.invitationNotVerified,
  },
} as const;

registerLazyTexts(enInvitations);
