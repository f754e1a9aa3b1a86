/**
 * The texts of the emails and SMS the server sends. Plain text, so a name or tenant name typed by a
 * user cannot become markup or a disguised link in the email.
 */
import type { EmailMessage, SmsMessage } from './types';

/** `{appUrl}{path}?query`: links always point at the configured application, never at the request's host. */
export function accountLink(appUrl: string, path: string, query: Record<string, string>): string {
  const url = new URL(path, `${appUrl}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

export function resetPasswordEmail(to: string, link: string): EmailMessage {
  return {
    to,
    subject: 'Reset your password',
    text: `Someone asked to reset the password of your account.\n\nChoose a new password here (the link works once, for one hour):\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.`,
  };
}

/** After an invitation accepted with its link alone (no password yet): the way to choose one. */
export function choosePasswordEmail(to: string, link: string, tenantName: string): EmailMessage {
  return {
    to,
    subject: 'Choose your password',
    text: `You joined ${tenantName}.\n\nChoose the password you will sign in with here (the link works once, for one hour):\n${link}\n\nWhen it has expired, use "Forgot password" on the sign-in page.`,
  };
}

export function activationEmail(to: string, link: string): EmailMessage {
  return {
    to,
    subject: 'Activate your account',
    text: `Welcome! Activate your account here (the link works once, for seven days):\n${link}\n\nIf you did not sign up, ignore this email.`,
  };
}

export function invitationEmail(
  to: string,
  link: string,
  tenantName: string,
  inviterName: string,
): EmailMessage {
  return {
    to,
    subject: `You are invited to join ${tenantName}`,
    text: `${inviterName} invited you to join ${tenantName}.\n\nAccept the invitation here (the link works once, for seven days):\n${link}`,
  };
}

export function loginCodeEmail(to: string, code: string): EmailMessage {
  return {
    to,
    subject: `Your sign-in code is ${code}`,
    text: `Your sign-in code is ${code}. It works once, for ten minutes.`,
  };
}

export function magicLinkEmail(to: string, link: string): EmailMessage {
  return {
    to,
    subject: 'Your sign-in link',
    text: `Sign in with this link (it works once, for fifteen minutes):\n${link}`,
  };
}

export function verifyPhoneSms(to: string, code: string): SmsMessage {
  return { to, text: `Your code to confirm this phone number is ${code}. It works once, for ten minutes.` };
}

export function loginCodeSms(to: string, code: string): SmsMessage {
  return { to, text: `Your sign-in code is ${code}. It works once, for ten minutes.` };
}

/** Sent to someone who joined an account with its invite link, when the link asks for it. */
export function joinedAccountEmail(to: string, tenantName: string, loginLink: string): EmailMessage {
  return {
    to,
    subject: `You joined ${tenantName}`,
    text: `You joined ${tenantName} with its invite link.\n\nSign in here:\n${loginLink}\n\nIf it was not you, tell the account's administrator.`,
  };
}

export function resetPhoneNumberEmail(to: string, code: string): EmailMessage {
  return {
    to,
    subject: `Your code to change your phone number is ${code}`,
    text: `Someone asked to change the phone number used to sign in to your account.\n\nYour code is ${code}. It works once, for ten minutes.\n\nIf it was not you, ignore this email: your phone number stays as it is.`,
  };
}
