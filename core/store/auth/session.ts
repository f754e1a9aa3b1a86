/**
 * The session's core thunks, which every sign-in and the lazily loaded flows build on: storing a
 * session (establishSession), the refresh and the session check on load, the second-factor
 * hand-over, the post-login destination and logout. This module loads nothing of thunks.ts or
 * signIn.ts, and what it loads with `import()` (hosted login) imports nothing of it: no import
 * cycle, also through dynamic imports.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { isInvalidTokenError } from '../../api/errors';
import type { AuthResponse, Tenant, User } from '../../api/types';
import { MESSAGES } from '../../api/messages';
import { decidePostLogin } from '../../flows/postLogin';
import { expiresInSeconds, refreshDelayMs } from '../../flows/login';
import {
  isProfileFetchRetryable,
  PRE_LOGIN_URL_KEY,
  PROFILE_FETCH_ATTEMPTS,
  PROFILE_FETCH_INTERVAL_MS,
} from '../../flows/session';
import { decodeAccessToken, type AccessTokenClaims } from '../../jwt';
import { afterPaint, readSessionHint, writeSessionHint } from '../../session/hint';
import type { AuthServices } from '../services';
import {
  loginReset,
  loginStateChanged,
  sessionCheckStarted,
  sessionCleared,
  sessionEstablished,
  signUpReset,
  signUpStateChanged,
  tokenReceived,
  type AuthState,
} from './authSlice';

type State = { auth: AuthState };
export type AuthThunk<R = void> = ThunkAction<Promise<R>, State, AuthServices, UnknownAction>;

/** The claims of the access token merged under the profile (spec 000 §3: "token claims merged with the profile"). */
function mergeUser(claims: AccessTokenClaims, profile: User): User {
  return {
    ...profile,
    id: profile.id ?? claims.sub,
    email: profile.email ?? claims.email ?? '',
    tenantId: profile.tenantId ?? claims.tenantId ?? '',
    tenantIds: profile.tenantIds ?? claims.tenantIds,
  };
}

/** localStorage or sessionStorage, or null where the page may not use it (sandboxed frames, privacy modes). */
export function webStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return globalThis[kind] ?? null;
  } catch {
    return null;
  }
}

/**
 * The profile, with 3 attempts 2000 ms apart (spec 000 §7, §9). Only failures that may pass are
 * tried again (network, 5xx); an answer such as 401 will not change and fails at once.
 */
async function fetchProfile(services: AuthServices, attempt = 1): Promise<User> {
  try {
    return await services.api.users.getMe();
  } catch (error) {
    if (attempt >= PROFILE_FETCH_ATTEMPTS || !isProfileFetchRetryable(error)) throw error;
    await new Promise<void>((resolve) => services.setTimer(resolve, PROFILE_FETCH_INTERVAL_MS));
    return fetchProfile(services, attempt + 1);
  }
}

export function stopRefreshTimer(services: AuthServices) {
  if (services.refreshTimer !== null && services.refreshTimer !== undefined)
    services.clearTimer(services.refreshTimer);
  services.refreshTimer = null;
}

/**
 * Stores the access token (memory only), loads the user and tenants, and schedules the next refresh
 * ahead of expiry. Every sign-in (password, MFA, passwordless, passkey, social, SSO, hosted login,
 * activation, sign-up) and every refresh pass through here: it is the one place a token answered by
 * the server is stored. (core/session/crossTab.ts only hands on tokens another tab stored here.)
 *
 * The token is decoded before it is stored: a token that is not a JWT is never kept, so it never
 * becomes the bearer credential of a request (the profile and tenants calls below would send it).
 * Such a token clears the session and throws `InvalidTokenError` ("Invalid token specified", spec
 * 000 §8), which the callers show or record. Also throws when the profile cannot be read.
 */
export function establishSession(response: AuthResponse): AuthThunk<User> {
  return async (dispatch, _getState, services) => {
    const accessToken = response.accessToken;
    if (!accessToken) throw new Error('The login response has no access token');
    let claims: AccessTokenClaims;
    try {
      claims = decodeAccessToken(accessToken);
    } catch (error) {
      // Whatever session was there, this answer replaced it: none is left.
      stopRefreshTimer(services);
      dispatch(sessionCleared());
      throw error;
    }
    const expiresIn = expiresInSeconds(response);
    dispatch(tokenReceived({ accessToken, expiresAt: Date.now() + expiresIn * 1000 }));
    const [profile, tenantsAnswer] = await Promise.all([
      fetchProfile(services),
      services.api.users.getMeTenants(),
    ]);
    const user = mergeUser(claims, profile);
    const tenants: Tenant[] = Array.isArray(tenantsAnswer.tenants) ? tenantsAnswer.tenants : [];
    const activeTenant =
      tenantsAnswer.activeTenant ?? tenants.find((t) => t.tenantId === user.tenantId) ?? null;
    dispatch(sessionEstablished({ user, tenants, activeTenant }));
    // Hosted login restores its session through OAuth, not the cookie check the hint is about.
    if (!services.options.hostedLogin) writeSessionHint(services.options.baseUrl, true);
    stopRefreshTimer(services);
    services.refreshTimer = services.setTimer(() => {
      void dispatch(refreshSession());
    }, refreshDelayMs(expiresIn));
    return user;
  };
}

/**
 * Exchanges the refresh cookie for a new session. However many elements or timers ask at once,
 * one request is in flight per app; every caller gets its answer. On failure tokens and user are
 * cleared and the user is unauthenticated (spec 000 §4 "Session refresh").
 */
export function refreshSession(): AuthThunk<boolean> {
  return (dispatch, getState, services) => {
    services.refreshInFlight ??= (async () => {
      const wasAuthenticated = getState().auth.isAuthenticated;
      try {
        // Hosted login refreshes through the OAuth calls (a lazily loaded chunk).
        const response = services.options.hostedLogin
          ? await (await import('../../session/hostedLogin')).refreshHostedTokens(services)
          : await services.api.auth.refreshToken();
        await dispatch(establishSession(response));
        services.bus.emit('auth:tokenRefreshed', { expiresAt: getState().auth.expiresAt ?? 0 });
        return true;
      } catch (error) {
        stopRefreshTimer(services);
        dispatch(sessionCleared());
        // No session (a 401 or a 204): the next sign-in page draws its form at once. A network
        // failure proves nothing and leaves the hint as it was.
        if ((error as { status?: number } | null)?.status === 401)
          writeSessionHint(services.options.baseUrl, false);
        // A session that ends here (its cookie expired or was revoked) leaves the sign-in flow at
        // its start: its last step ('success') has no screen of its own.
        if (wasAuthenticated) {
          dispatch(loginReset());
          dispatch(signUpReset());
        }
        if (isInvalidTokenError(error)) {
          // Not "no session": the server answered with a token that is not a JWT (spec 000 §8
          // "Malformed token"). The sign-in form shows why the user must sign in again.
          services.logger.error(MESSAGES.invalidToken, error);
          dispatch(loginStateChanged({ step: 'preLogin', loading: false, error: MESSAGES.invalidToken }));
          services.bus.emit('auth:error', { action: 'refresh', message: MESSAGES.invalidToken });
        } else {
          services.logger.info('No session to restore', error);
        }
        if (wasAuthenticated) services.bus.emit('auth:logout', {});
        if (services.options.hostedLogin)
          await (await import('../../session/hostedLogin')).redirectAfterFailedRefresh(services);
        return false;
      } finally {
        services.refreshInFlight = null;
      }
    })();
    return services.refreshInFlight;
  };
}

/**
 * The session check on load: restore the session through the refresh call. When this browser has
 * seen no session (core/session/hint.ts) the check runs behind the sign-in form, after its first
 * paint; otherwise the form waits for it (and the loader has usually sent it already).
 */
export function requestAuthorize(): AuthThunk<boolean> {
  return async (dispatch, _getState, services) => {
    const behindForm = !services.options.hostedLogin && readSessionHint(services.options.baseUrl) === false;
    dispatch(sessionCheckStarted({ behindForm }));
    if (behindForm) await afterPaint();
    const hosted = services.options.hostedLogin && (await import('../../session/hostedLogin'));
    const isAuthenticated =
      hosted && hosted.isCallback(services)
        ? await dispatch(hosted.completeHostedCallback(establishSession))
        : await dispatch(refreshSession());
    services.bus.emit('auth:ready', { isAuthenticated });
    return isAuthenticated;
  };
}

/**
 * A first factor answered `mfaRequired` (password, passwordless code or magic link): not a sign-in.
 * Nothing of a session is kept until the second factor is verified (spec 000 §4).
 */
export function enterSecondFactor(
  response: AuthResponse,
  mfaToken: string,
  enrolled: boolean,
  email: string,
): AuthThunk {
  return async (dispatch) => {
    dispatch(sessionCleared());
    dispatch(
      loginStateChanged({
        loading: false,
        email,
        step: enrolled ? 'loginWithTwoFactor' : 'forceTwoFactor',
        mfa: {
          mfaToken,
          enrolled,
          devices: response.mfaDevices ?? { webauthn: [], phones: [], authenticators: [] },
          strategies: response.mfaStrategies ?? [],
        },
      }),
    );
  };
}

/**
 * After a sign-in, the post-login destination (core/flows/postLogin.ts). The refused-redirect
 * warning of spec 000 §8 is always logged: it tells the integrator why the redirect was ignored.
 */
export function goToPostLoginDestination(services: AuthServices) {
  const currentUrl = globalThis.location?.href;
  if (!currentUrl) return;
  // The stored pre-login URL is used once.
  const session = webStorage('sessionStorage');
  const storedUrl = session?.getItem(PRE_LOGIN_URL_KEY);
  session?.removeItem(PRE_LOGIN_URL_KEY);
  const decision = decidePostLogin({
    currentUrl,
    routes: services.options.routes,
    allowedOrigins: services.options.allowedRedirectOrigins,
    storedUrl,
  });
  if (decision.kind === 'stay') return;
  if (decision.warning) console.warn(`[auth-elements] ${MESSAGES.redirectNotAllowed}`);
  services.navigate(decision.url);
}

/** Logout (spec 000 §4): server errors are ignored; state resets either way. */
export function logout(): AuthThunk {
  return async (dispatch, _getState, services) => {
    stopRefreshTimer(services);
    const hosted = services.options.hostedLogin && (await import('../../session/hostedLogin'));
    try {
      await (hosted ? hosted.hostedLogout(services) : services.api.auth.logout());
    } catch (error) {
      services.logger.warn('Logout call failed; signing out locally', error);
    }
    dispatch(sessionCleared());
    writeSessionHint(services.options.baseUrl, false);
    dispatch(loginStateChanged({ step: 'preLogin', flow: 'Login', loading: false, error: null }));
    dispatch(signUpStateChanged({ stage: 'SignUp', loading: false, error: null }));
    services.bus.emit('auth:logout', {});
    // Hosted login: authorization is requested again (spec 000 §4 "Logout").
    if (hosted) void dispatch(requestAuthorize());
  };
}
