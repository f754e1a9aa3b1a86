import { AUTH_V1 } from './auth';
import type { HttpClient } from './http';
import type { AuthResponse } from './types';
import { USERS_V1 } from './users';

type PasswordlessType = 'Code' | 'MagicLink' | 'SmsCode';

/** POST /passwordless/{type}/prelogin answers (spec 000 §7). */
export interface PasswordlessPreLoginResponse {
  phoneNumber?: string | null;
  resetPhoneNumberToken?: string | null;
}

/**
 * Passwordless sign-in and the phone-number reset (spec 000 §7). Loaded with the passwordless
 * screens, not with the plain sign-in form.
 */
export function createPasswordlessApi(http: HttpClient) {
  return {
    preLogin: (type: PasswordlessType, email: string) =>
      http.post<PasswordlessPreLoginResponse>(
        `${AUTH_V1}/passwordless/${type.toLowerCase()}/prelogin`,
        { email },
        // The server remembers the address in an httpOnly cookie for a `{ token }`-only post-login.
        { credentials: 'include' },
      ),
    /**
     * `{ token }`: the code (Code, SmsCode) or the magic link's token. The kit also sends the
     * email with a code, so the sign-in does not depend on the pre-login cookie. Sets the refresh cookie.
     */
    postLogin: (type: PasswordlessType, body: { token: string; email?: string }) =>
      http.post<AuthResponse>(`${AUTH_V1}/passwordless/${type.toLowerCase()}/postlogin`, body, {
        credentials: 'include',
      }),
    requestPhoneReset: (email: string) =>
      http.post<{ resetPhoneNumberToken: string }>(`${USERS_V1}/phone/reset`, { email }),
    verifyPhoneReset: (resetPhoneNumberToken: string, code: string) =>
      http.post<{ changePhoneNumberToken: string }>(`${USERS_V1}/phone/reset/verify`, {
        resetPhoneNumberToken,
        code,
      }),
    changePhone: (changePhoneNumberToken: string, phoneNumber: string) =>
      http.put<Record<string, never>>(`${USERS_V1}/phone/change`, { changePhoneNumberToken, phoneNumber }),
  };
}
