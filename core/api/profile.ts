import type { HttpClient } from './http';
import type { User } from './types';
import { USERS_V2 } from './users';

/** The profile fields the portal edits (spec 001 §2: name, phoneNumber, address, jobTitle). */
export interface ProfileUpdate {
  name?: string;
  phoneNumber?: string | null;
  /** Kept in the user's metadata JSON: the contract's user has no address or job title field. */
  metadata?: string;
}

/** The signed-in user's own profile (spec 000 §7: "update (v2)"). */
export function createProfileApi(http: HttpClient) {
  return {
    updateMe: (body: ProfileUpdate) => http.put<User>(`${USERS_V2}/me`, body),
  };
}
