import type { InviteUserRequest } from '../../../../core/api/invitations';
import { errorMessage } from '../../../../core/api/errors';
import { en } from '../../../i18n/en';
import { tInvite } from './invitationTexts';

/** Invite dialog fields (spec 001 §2: name, phoneNumber, the phone optional) plus the address and roles. */
interface InviteFields {
  name: string;
  email: string;
  phoneNumber: string;
  roleIds: string[];
}

export const INVITE_LIMITS = { name: 100, phoneNumber: 32 } as const;
/** At most this many addresses in one bulk add: each is its own call, one by one. */
export const BULK_MAX = 50;
const PHONE = /^[+\d][\d\s()-]*$/;
/** The login box's email rule (elements/login-box/validation.ts), repeated here so this page does not split that module out of the sign-in chunk. */
const EMAIL_MAX_LENGTH = 254;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
function validateEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return en.validation.emailRequired;
  return email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email) ? en.validation.emailInvalid : null;
}

type InviteErrors = Partial<Record<'name' | 'email' | 'phoneNumber', string>>;

/** Checked before anything is sent (the server checks again). */
export function validateInvite(fields: Omit<InviteFields, 'roleIds'>): InviteErrors {
  const errors: InviteErrors = {};
  const name = fields.name.trim();
  if (!name) errors.name = tInvite.nameRequired;
  else if (name.length > INVITE_LIMITS.name) errors.name = tInvite.tooLong(INVITE_LIMITS.name);
  const email = validateEmail(fields.email);
  if (email) errors.email = email;
  const phone = fields.phoneNumber.trim();
  if (phone.length > INVITE_LIMITS.phoneNumber)
    errors.phoneNumber = tInvite.tooLong(INVITE_LIMITS.phoneNumber);
  else if (phone && !PHONE.test(phone)) errors.phoneNumber = tInvite.phoneInvalid;
  return errors;
}

/** The POST users v2 body: trimmed, the phone only when given, provider local (spec 001 §7). */
export function inviteRequestOf(fields: InviteFields): InviteUserRequest {
  const phone = fields.phoneNumber.trim();
  return {
    email: fields.email.trim(),
    name: fields.name.trim(),
    ...(phone ? { phoneNumber: phone } : {}),
    roleIds: [...fields.roleIds],
    provider: 'local',
  };
}

interface BulkEmails {
  emails: string[];
  invalid: string[];
  tooMany: boolean;
}

/** The addresses of the bulk-add box: split on commas, semicolons, spaces and new lines; repeats dropped (any case). */
export function parseBulkEmails(text: string): BulkEmails {
  const seen = new Set<string>();
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const entry of text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean)) {
    if (entry.length > EMAIL_MAX_LENGTH || validateEmail(entry)) {
      invalid.push(entry.slice(0, 60));
      continue;
    }
    const key = entry.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    emails.push(entry);
  }
  return { emails: emails.slice(0, BULK_MAX), invalid, tooMany: emails.length > BULK_MAX };
}

export interface BulkResult {
  allowed: string[];
  unallowed: Array<{ email: string; reason: string }>;
}

/**
 * Spec 001 §4 "Bulk add users: each email added one by one; result lists allowed and unallowed
 * emails". One failure does not stop the others; `onProgress` reports how many are done.
 */
export async function addOneByOne(
  emails: readonly string[],
  invite: (email: string) => Promise<unknown>,
  onProgress: (done: number) => void = () => {},
): Promise<BulkResult> {
  const result: BulkResult = { allowed: [], unallowed: [] };
  for (const [index, email] of emails.entries()) {
    try {
      await invite(email);
      result.allowed.push(email);
    } catch (error) {
      result.unallowed.push({ email, reason: errorMessage(error) });
    }
    onProgress(index + 1);
  }
  return result;
}

/** Invite-link lifetimes offered (minutes); 43200 (30 days) is the spec's default. */
export const INVITE_LINK_LIFETIMES = [1440, 10080, 43200, 129600] as const;
