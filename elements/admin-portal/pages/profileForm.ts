import { PICTURE_MAX_BYTES, PICTURE_TYPES, type ProfileUpdate } from '../../../core/api/profile';
import type { User } from '../../../core/api/types';
import { enPortal } from '../../i18n/en-portal';

export interface ProfileFields {
  name: string;
  phoneNumber: string;
  address: string;
  jobTitle: string;
}

const PROFILE_LIMITS = { name: 100, phoneNumber: 32, address: 200, jobTitle: 100 } as const;
const PHONE = /^[+\d][\d\s()-]*$/;

/** The user's metadata JSON string as an object; anything unreadable counts as empty. */
function metadataOf(user: Pick<User, 'metadata'>): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(user.metadata || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function profileFieldsOf(user: User): ProfileFields {
  const metadata = metadataOf(user);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    name: user.name ?? '',
    phoneNumber: user.phoneNumber ?? '',
    address: text(metadata.address),
    jobTitle: text(metadata.jobTitle),
  };
}

export function validateProfile(fields: ProfileFields): Partial<Record<keyof ProfileFields, string | null>> {
  const errors: Partial<Record<keyof ProfileFields, string | null>> = {};
  if (!fields.name.trim()) errors.name = enPortal.portal.nameRequired;
  for (const key of Object.keys(PROFILE_LIMITS) as Array<keyof ProfileFields>) {
    if (!errors[key] && fields[key].trim().length > PROFILE_LIMITS[key])
      errors[key] = enPortal.portal.tooLong(PROFILE_LIMITS[key]);
  }
  if (!errors.phoneNumber && fields.phoneNumber.trim() && !PHONE.test(fields.phoneNumber.trim()))
    errors.phoneNumber = enPortal.portal.phoneInvalid;
  return errors;
}

/**
 * The PUT /me body: address and job title go into the metadata JSON, keeping whatever else the
 * host stored there; an emptied phone number is sent as null to clear it.
 */
export function profileUpdateOf(fields: ProfileFields, user: User): ProfileUpdate {
  const metadata = { ...metadataOf(user), address: fields.address.trim(), jobTitle: fields.jobTitle.trim() };
  return {
    name: fields.name.trim(),
    phoneNumber: fields.phoneNumber.trim() || null,
    metadata: JSON.stringify(metadata),
  };
}

/** Up to two initials of a name (or of the email's local part). */
export function initialsOf(name: string | undefined, email: string): string {
  const words = (name?.trim() || email.split('@')[0] || '?').split(/[\s._-]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => [...word][0]!.toUpperCase())
    .join('');
}

/** The refusal for a file the server would refuse (its type as the browser reports it, its size), or null. */
export function pictureProblem(file: { type: string; size: number }): string | null {
  if (!PICTURE_TYPES.includes(file.type)) return enPortal.portal.picture.wrongType;
  if (file.size > PICTURE_MAX_BYTES) return enPortal.portal.picture.tooLarge;
  return null;
}
