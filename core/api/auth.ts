import type { HttpClient } from './http';
import type { AuthResponse, LoginRequest, OAuthTokenRequest, OAuthTokenResponse, SocialLoginResult, SocialPostLoginQuery, SocialProviderConfig, SsoPreLoginResponse } from './types';

export const AUTH_V1 = '/identity/resources/auth/v1';
export const AUTH_V2 = '/identity/resources/auth/v2';

/** Sign-in calls (spec 000 §7, "Authentication"). Calls that set or read the refresh cookie send credentials. */
export function createAuthApi(http: HttpClient) {
  return {
    /** SSO pre-login: the SSO address for this email, or null. Errors are swallowed (spec 000 §7). */
    async ssoPreLogin(email: string, tenantId?: string): Promise<SsoPreLoginResponse | null> {
      try {
        const answer = await http.post<Partial<SsoPreLoginResponse>>(`${AUTH_V2}/user/sso/prelogin`, { email, tenantId });
        return answer.address ? { address: answer.address, idpType: answer.idpType } : null;
      } catch {
        return null;
      }
    },
    /** Password sign-in. Throws ApiError with the server's message on failure. */
    login: (body: LoginRequest) => http.post<AuthResponse>(`${AUTH_V1}/user`, body, { credentials: 'include' }),
    /** Exchanges the refresh cookie for a new access token: a POST with no body. */
    refreshToken: () => http.post<AuthResponse>(`${AUTH_V1}/user/token/refresh`, undefined, { credentials: 'include' }),
    logout: () => http.post<Record<string, never>>(`${AUTH_V1}/logout`, undefined, { credentials: 'include' }),
    /** Hosted login (spec 000 §7 `/oauth/*`): the token call, the silent authorize (browser session cookie) and the OAuth logout. */
    oauthToken: (body: OAuthTokenRequest) => http.post<OAuthTokenResponse>(`${AUTH_V1}/oauth/token`, body),
    oauthSilent: (body: { client_id: string; nonce?: string }) => http.post<OAuthTokenResponse>(`${AUTH_V1}/oauth/authorize/silent`, body, { credentials: 'include' }),
    /** Social login (spec 000 §7): the providers (v2), the custom providers, and the post-login with the provider's code. */
    socialProviders: () => http.get<SocialProviderConfig[]>('/identity/resources/sso/v2'),
    customSocialProviders: () => http.get<{ providers?: SocialProviderConfig[] }>('/identity/resources/sso/custom/v1'),
    socialPostLogin: (provider: string, query: SocialPostLoginQuery) =>
      http.post<AuthResponse & SocialLoginResult>(`${AUTH_V1}/user/sso/${encodeURIComponent(provider)}/postlogin`, undefined, { query, credentials: 'include' }),
    /** OIDC SSO post-login (spec 000 §7): the callback's code and state (as RelayState) with the redirect URI. */
    oidcPostLogin: (body: { code: string; redirectUri: string; RelayState: string }) =>
      http.post<AuthResponse>(`${AUTH_V2}/user/oidc/postlogin`, body, { credentials: 'include' }),
    oauthLogout: (clientId: string) => http.get<unknown>(`${AUTH_V1}/oauth/logout`, { query: { client_id: clientId }, credentials: 'include' }),
  };
}
