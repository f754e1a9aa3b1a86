import type { HttpClient } from './http';
import type { AuthResponse, LoginRequest, SsoPreLoginResponse } from './types';

export const AUTH_V1 = '/identity/resources/auth/v1';
export const AUTH_V2 = '/identity/resources/auth/v2';

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
          { expected: [404] },
        );
        return answer.address ? { address: answer.address, idpType: answer.idpType } : null;
      } catch {
        return null;
      }
    },
    /** Password sign-in. Throws ApiError with the server's message on failure. */
    login: (body: LoginRequest) =>
      http.post<AuthResponse>(`${AUTH_V1}/user`, body, { credentials: 'include' }),
    /** Exchanges the refresh cookie for a new access token: a POST with no body. */
    /** 401 when there is no session to restore (no or an expired cookie): expected, not logged as a failure. */
    refreshToken: () =>
      http.post<AuthResponse>(`${AUTH_V1}/user/token/refresh`, undefined, {
        credentials: 'include',
        expected: [401],
      }),
    logout: () =>
      http.post<Record<string, never>>(`${AUTH_V1}/logout`, undefined, { credentials: 'include' }),
  };
}
