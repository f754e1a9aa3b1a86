import type { HttpClient } from './http';
import type { User } from './types';
import { USERS_V1, USERS_V2 } from './users';

const PROFILE_IMAGE = '/team/resources/profile/me/image/v1';

/** What the server takes as a picture (server/domain/profile-images.ts): these types, at most 1 MB. */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const PICTURE_MAX_BYTES = 1024 * 1024;

/** The profile fields the portal edits (spec 001 §2: name, phoneNumber, address, jobTitle). */
export interface ProfileUpdate {
  name?: string;
  phoneNumber?: string | null;
  /** Kept in the user's metadata JSON: the contract's user has no address or job title field. */
  metadata?: string;
  /** The user's language (core/domain/locales.ts), null for none: not in the client SDK's type. */
  locale?: string | null;
}

/** The signed-in user's own profile (spec 000 §7: "update (v2)"). */
export function createProfileApi(http: HttpClient) {
  return {
    updateMe: (body: ProfileUpdate) => http.put<User>(`${USERS_V2}/me`, body),
    /**
     * The signed-in user's new password (the client SDK's changePassword): the current one is
     * checked; the user's other sessions are signed out, this one stays.
     */
    changePassword: (password: string, newPassword: string) =>
      http.post<Record<string, never>>(`${USERS_V1}/passwords/change`, { password, newPassword }),
    /** A new phone number, step 1: a code is texted to it; answers the request's `changePhoneId`. */
    addPhone: (phoneNumber: string) =>
      http.post<{ changePhoneId: string }>(`${USERS_V1}/phone`, { phoneNumber }),
    /**
     * A new profile picture (the client SDK's teams.updateProfileImage): the file as multipart form
     * data; answers the picture's address, which becomes the user's `profilePictureUrl`.
     */
    uploadPicture: (file: Blob) => {
      const form = new FormData();
      form.append('image', file);
      return http.put<string>(PROFILE_IMAGE, form, { raw: true });
    },
    /** Step 2: the texted code sets the number. */
    verifyPhone: (changePhoneId: string, code: string) =>
      http.post<Record<string, never>>(`${USERS_V1}/phone/verify`, { changePhoneId, code }),
  };
}
