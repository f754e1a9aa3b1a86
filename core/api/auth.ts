import { ApiError } from './errors';
import type { HttpClient } from './http';
import type { AuthResponse, LoginRequest, SsoPreLoginResponse } from './types';

export const AUTH_V1 = '/identity/resources/auth/v1';
export const AUTH_V2 = '/identity/resources/auth/v2';
const NO_SESSION = 'No session to restore';

/**
 * Asks for "nothing there" as 204 instead of an error status (server/http/quiet-absence.ts): a
 * signed-out visitor's refresh and an email without SSO are expected, and a 4xx would put a red
 * network line in the browser's console. A server that does not know the preference answers
 * 401/404 as the client SDK's contract says; both are handled alike.
 */
export const QUIET_ABSENCE = { prefer: 'quiet-absence' } as const;

/** Sign-in calls (spec 000 §7, "Authentication"). Calls that set or read the refresh cookie send credentials. */
export function createAuthApi(http: HttpClient) {
  return {
    /** SSO pre-login: the SSO address for this email, or null. Errors are swallowed (spec 000 §7). */
    async ssoPreLogin(email: string, tenantId?: string): Promise<SsoPreLoginResponse | null> {
      try {
        // 404: no SSO for this email's domain, the usual answer.
        const answer = await http.post<Partial<SsoPreLoginResponse>>(
          `${AUTH_V2}/user/sso/prelogin`,
          { email, tenantId },
          { expected: [404], headers: QUIET_ABSENCE },
        );
        return answer.address ? { address: answer.address, idpType: answer.idpType } : null;
      } catch {
        return null;
      }
    },
    /** Password sign-in. Throws ApiError with the server's message on failure. */
    login: (body: LoginRequest) =>
      http.post<AuthResponse>(`${AUTH_V1}/user`, body, { credentials: 'include' }),
    /**
     * Exchanges the refresh cookie for a new access token: a POST with no body. No session to
     * restore (no or an expired cookie) is 204 (or 401 from a server without quiet absence):
     * expected, not logged as a failure, and thrown as a 401 ApiError either way.
     */
    refreshToken: async () => {
      const answer = await http.post<Partial<AuthResponse>>(`${AUTH_V1}/user/token/refresh`, undefined, {
        credentials: 'include',
        expected: [401],
        headers: QUIET_ABSENCE,
      });
      if (!answer.accessToken) throw new ApiError(NO_SESSION, 401);
      return answer as AuthResponse;
    },
    logout: () =>
      http.post<Record<string, never>>(`${AUTH_V1}/logout`, undefined, { credentials: 'include' }),
  };
}
