/**
 * Hosted login (spec 000 §4 "Session refresh" and "Logout", §9): sign-in happens on the identity
 * server's own page through the authorization-code flow with PKCE (S256), scope
 * "openid email profile" and a nonce. Loaded only by apps configured with `hostedLogin` (a
 * dynamic import: the plain sign-in page never downloads it).
 *
 * - The verifier, state and nonce come from WebCrypto (`crypto.getRandomValues`), never
 *   `Math.random`. They wait in sessionStorage only for the round trip and are removed the
 *   moment the callback reads them, whatever happens next.
 * - The OAuth refresh token is kept in memory only (this module's WeakMap); after a reload the
 *   silent authorize (the server's httpOnly session cookie) restores the session.
 * - Refresh: the refresh-token grant, then the silent authorize (unless disabled), then, logged as
 *   "couldn't refresh user token with oauth service", the redirect to the hosted page.
 */
import { isApiError } from '../api/errors';
import { federatedApi } from '../api/federated';
import { MESSAGES } from '../api/messages';
import { buildUrl } from '../api/http';
import type { AuthResponse, OAuthTokenResponse, User } from '../api/types';
import { isAuthRoute } from '../config/routes';
import { decodeAccessToken } from '../jwt';
import { loginStateChanged, sessionCleared } from '../store/auth/authSlice';
import type { AuthThunk } from '../store/auth/session';
import type { AuthServices } from '../store/services';
import { pkceChallenge, randomToken, safeReturnPath, tabStorage as session, takeStored } from './pkce';

export { pkceChallenge, randomToken } from './pkce';

export const HOSTED_SCOPE = 'openid email profile';
const AUTHORIZE_PATH = '/oauth/authorize';
const PENDING_KEY = 'auth-elements.hosted-login.';
const FAILED_KEY = 'auth-elements.hosted-login.failed.';

type Services = Pick<AuthServices, 'options' | 'api' | 'navigate' | 'logger' | 'http'>;
type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What waits for the callback: only as long as the round trip. */
interface PendingLogin {
  state: string;
  verifier: string;
  nonce: string;
  redirectUri: string;
  returnTo: string;
}

const refreshTokens = new WeakMap<object, string>();

function clientIdOf(services: Services): string {
  const hosted = services.options.hostedLogin;
  if (!hosted) throw new Error('Hosted login is not configured');
  return hosted.clientId;
}

function here(): URL {
  return new URL(globalThis.location?.href ?? 'http://localhost/');
}

/**
 * The authorization request (spec 000 §4): code, PKCE S256, scope, state, nonce, optional
 * organization and tenantId. Stores what the callback needs and returns the address to go to.
 */
export async function buildAuthorizeRequest(
  services: Services,
  input: { returnTo?: string; organization?: string; tenantId?: string } = {},
  storage: KeyValueStorage = session(),
  current: URL = here(),
): Promise<string> {
  const clientId = clientIdOf(services);
  const hosted = services.options.hostedLogin!;
  const pending: PendingLogin = {
    state: randomToken(),
    verifier: randomToken(),
    nonce: randomToken(),
    redirectUri: new URL(services.options.routes.hostedLoginRedirectUrl, current).toString(),
    returnTo: safeReturnPath(input.returnTo, services.options.routes.authenticatedUrl),
  };
  storage.setItem(PENDING_KEY + clientId, JSON.stringify(pending));
  return buildUrl(services.options, AUTHORIZE_PATH, {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: pending.redirectUri,
    scope: HOSTED_SCOPE,
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await pkceChallenge(pending.verifier),
    code_challenge_method: 'S256',
    organization: input.organization ?? hosted.organization,
    tenantId: input.tenantId ?? hosted.tenantId,
  });
}

/**
 * Sends the browser to the hosted sign-in page. In demo mode nothing leaves the page's origin:
 * the page's own login route stands in for the hosted page, and the demo backend's silent
 * authorize then answers from the demo session.
 */
export async function startHostedLogin(
  services: Services,
  input: { returnTo?: string; organization?: string; tenantId?: string } = {},
): Promise<void> {
  const current = here();
  const returnTo = input.returnTo ?? current.pathname + current.search + current.hash;
  if (services.options.demoMode) {
    const login = new URL(services.options.routes.loginUrl, current);
    login.searchParams.set('redirectUrl', safeReturnPath(returnTo, '/'));
    services.navigate(login.pathname + login.search);
    return;
  }
  services.navigate(await buildAuthorizeRequest(services, { ...input, returnTo }));
}

/** Whether this page is the hosted-login callback route. */
export function isCallback(services: Services, current: URL = here()): boolean {
  const route = new URL(services.options.routes.hostedLoginRedirectUrl, current);
  return route.origin === current.origin && route.pathname === current.pathname;
}

/** Refuses an ID token whose nonce or audience is not ours (the token comes straight from the server over TLS). */
function checkIdToken(idToken: string | undefined, nonce: string | undefined, clientId: string): void {
  if (!idToken) throw new Error('The token response has no id_token');
  const claims = decodeAccessToken(idToken);
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audience.includes(clientId)) throw new Error('The id_token was issued to another client');
  if (nonce !== undefined && claims.nonce !== nonce) throw new Error('The id_token nonce does not match');
}

function toAuthResponse(token: OAuthTokenResponse): AuthResponse {
  if (!token.access_token) throw new Error('The token response has no access token');
  return { accessToken: token.access_token, expiresIn: token.expires_in };
}

/**
 * Reads the callback address: the stored request is removed first (the verifier is no longer
 * needed whatever happens), then error, code and state are checked. Throws on any mismatch.
 */
export function readCallback(
  services: Services,
  current: URL,
  storage: KeyValueStorage = session(),
): { code: string; pending: PendingLogin } {
  const pending = takeStored<PendingLogin>(storage, PENDING_KEY + clientIdOf(services));
  const params = current.searchParams;
  const error = params.get('error');
  if (error)
    throw new Error(
      `The sign-in was refused: ${error}${params.get('error_description') ? ` (${params.get('error_description')})` : ''}`,
    );
  const code = params.get('code');
  if (!pending || typeof pending.verifier !== 'string')
    throw new Error('No hosted sign-in is in progress in this tab');
  if (!code) throw new Error('The callback has no authorization code');
  if (params.get('state') !== pending.state)
    throw new Error('The state of the callback does not match the request');
  return { code, pending };
}

/**
 * The callback route: exchange the code, then navigate (spec 000 §4). A failed exchange is
 * logged, loading stops and navigation continues (spec 000 §8); the next page then does not
 * redirect to the hosted page again on its own, so a broken setup cannot loop.
 */
export function completeHostedCallback(
  // The session store's establishSession, handed in: this module is loaded with import() by the
  // session thunks and imports none of them (no import cycle).
  establishSession: (response: AuthResponse) => AuthThunk<User>,
  current: URL = here(),
  storage: KeyValueStorage = session(),
): AuthThunk<boolean> {
  return async (dispatch, _getState, services) => {
    const clientId = clientIdOf(services);
    let destination = services.options.routes.authenticatedUrl;
    try {
      const { code, pending } = readCallback(services, current, storage);
      destination = safeReturnPath(pending.returnTo, destination);
      const token = await federatedApi(services).oauthToken({
        grant_type: 'authorization_code',
        client_id: clientId,
        code,
        redirect_uri: pending.redirectUri,
        code_verifier: pending.verifier,
      });
      checkIdToken(token.id_token, pending.nonce, clientId);
      if (token.refresh_token) refreshTokens.set(services, token.refresh_token);
      const user = await dispatch(establishSession(toAuthResponse(token)));
      dispatch(loginStateChanged({ step: 'success', loading: false }));
      services.bus.emit('auth:login', { user });
      services.navigate(destination);
      return true;
    } catch (error) {
      services.logger.error('Hosted login: the code exchange failed', error);
      storage.setItem(FAILED_KEY + clientId, '1');
      dispatch(sessionCleared());
      services.navigate(destination);
      return false;
    }
  };
}

/**
 * New tokens for a hosted-login app: the refresh-token grant when this page holds one, then the
 * silent authorize unless disabled. Throws "couldn't refresh user token with oauth service".
 */
export async function refreshHostedTokens(services: Services): Promise<AuthResponse> {
  const clientId = clientIdOf(services);
  const refreshToken = refreshTokens.get(services);
  if (refreshToken) {
    refreshTokens.delete(services);
    try {
      const token = await federatedApi(services).oauthToken({
        grant_type: 'refresh_token',
        client_id: clientId,
        refresh_token: refreshToken,
      });
      if (token.refresh_token) refreshTokens.set(services, token.refresh_token);
      return toAuthResponse(token);
    } catch (error) {
      services.logger.info('Hosted login: the refresh-token grant failed', error);
    }
  }
  if (services.options.hostedLogin?.silentRefresh !== false) {
    try {
      const nonce = randomToken();
      const token = await federatedApi(services).oauthSilent({ client_id: clientId, nonce });
      checkIdToken(token.id_token, nonce, clientId);
      return toAuthResponse(token);
    } catch (error) {
      // No session at the identity server is the usual answer for a signed-out visitor: said at
      // info level, without a stack; anything else (a server error, a bad ID token) is an error.
      const noSession = isApiError(error) && (error.status === 401 || error.status === 400);
      if (noSession) services.logger.info(MESSAGES.silentRefreshFailed, error.message);
      else services.logger.error(MESSAGES.silentRefreshFailed, error);
    }
  }
  throw new Error(MESSAGES.silentRefreshFailed);
}

/**
 * After a failed refresh: the redirect to the hosted page (spec 000 §4), except on the kit's own
 * routes (the callback, the login page that stands in for the hosted page in demo mode) and
 * right after a failed callback.
 */
export async function redirectAfterFailedRefresh(
  services: Services,
  storage: KeyValueStorage = session(),
  current: URL = here(),
): Promise<void> {
  const failedKey = FAILED_KEY + clientIdOf(services);
  if (storage.getItem(failedKey)) {
    storage.removeItem(failedKey);
    return;
  }
  if (isAuthRoute(current.pathname, services.options.routes)) return;
  await startHostedLogin(services, { returnTo: current.pathname + current.search + current.hash });
}

/**
 * The OAuth logout (spec 000 §4 "Logout"): ends the server's browser session; the in-memory refresh token is forgotten.
 * @public reached through a dynamic import (thunks.ts), which knip cannot follow
 */
export async function hostedLogout(services: Services): Promise<void> {
  refreshTokens.delete(services);
  await federatedApi(services).oauthLogout(clientIdOf(services));
}
