/**
 * Federated sign-in calls (spec 000 §7): hosted login's `/oauth/*`, social login, OIDC and SAML SSO.
 * Imported only by lazy chunks (hosted login, social login, the SSO callback), over the app's one
 * HTTP client, so the plain sign-in page does not carry them.
 */
import { AUTH_V1, AUTH_V2, QUIET_ABSENCE } from './auth';
import { ApiError } from './errors';
import type { HttpClient } from './http';
import type {
  AuthResponse,
  OAuthTokenRequest,
  OAuthTokenResponse,
  SocialLoginResult,
  SocialPostLoginQuery,
} from './types';

/** Hosted login's folder under the prefix, where the client SDK calls (`/frontegg/oauth/*`). */
const OAUTH = '/oauth';

function createFederatedApi(http: HttpClient) {
  return {
    /** Hosted login's token call: the authorization-code or the refresh-token grant. */
    oauthToken: (body: OAuthTokenRequest) => http.post<OAuthTokenResponse>(`${OAUTH}/token`, body),
    /** The silent authorize: tokens from the identity server's session cookie. */
    oauthSilent: async (body: { client_id: string; nonce?: string }) => {
      // No session: 204 for a caller asking for quiet absence (core/api/auth.ts), else 401.
      const token = await http.post<Partial<OAuthTokenResponse>>(`${OAUTH}/authorize/silent`, body, {
        credentials: 'include',
        expected: [401],
        headers: QUIET_ABSENCE,
      });
      if (!token.access_token) throw new ApiError('Session expired, please sign in again', 401);
      return token as OAuthTokenResponse;
    },
    oauthLogout: (clientId: string) =>
      http.get<unknown>(`${OAUTH}/logout`, {
        query: { client_id: clientId },
        credentials: 'include',
      }),
    /** Social login's post-login with the provider's code (the provider lists are in configurations.ts: the sign-in form needs them). */
    socialPostLogin: (provider: string, query: SocialPostLoginQuery) =>
      http.post<AuthResponse & SocialLoginResult>(
        `${AUTH_V1}/user/sso/${encodeURIComponent(provider)}/postlogin`,
        undefined,
        { query, credentials: 'include' },
      ),
    /** OIDC SSO post-login: the callback's code and state (as RelayState) with the redirect URI. */
    oidcPostLogin: (body: { code: string; redirectUri: string; RelayState: string }) =>
      http.post<AuthResponse>(`${AUTH_V2}/user/oidc/postlogin`, body, { credentials: 'include' }),
    /** SAML SSO post-login: the single-use SSO code the server's assertion consumer service sent to the callback route. */
    samlPostLogin: (body: { code: string }) =>
      http.post<AuthResponse>(`${AUTH_V1}/user/saml/postlogin`, body, { credentials: 'include' }),
  };
}

type FederatedApi = ReturnType<typeof createFederatedApi>;

const cache = new WeakMap<HttpClient, FederatedApi>();

/** The federated calls over the app's HTTP client (`services.http`; one object per client). */
export function federatedApi(services: { http?: HttpClient }): FederatedApi {
  const http = services.http;
  if (!http) throw new Error('The app has no HTTP client');
  let api = cache.get(http);
  if (!api) cache.set(http, (api = createFederatedApi(http)));
  return api;
}
