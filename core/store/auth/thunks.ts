import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { errorMessage, isInvalidTokenError } from '../../api/errors';
import type { AuthResponse, LoginRequest, SignUpRequest, Tenant, User } from '../../api/types';
import { MESSAGES } from '../../api/messages';
import { decidePostLogin } from '../../flows/postLogin';
import {
  decideAfterLogin,
  decideAfterSignUp,
  decidePreLogin,
  expiresInSeconds,
  refreshDelayMs,
  SSO_REDIRECT_DELAY_MS,
} from '../../flows/login';
import { usableSocialProviders } from '../../flows/socialProviders';
import {
  isProfileFetchRetryable,
  PRE_LOGIN_URL_KEY,
  PROFILE_FETCH_ATTEMPTS,
  PROFILE_FETCH_INTERVAL_MS,
  REGISTER_QUICK_LOGIN_KEY,
} from '../../flows/session';
import { decodeAccessToken, type AccessTokenClaims } from '../../jwt';
import { afterPaint, readSessionHint, writeSessionHint } from '../../session/hint';
import { sharedInFlight } from '../inFlight';
import type { AuthServices } from '../services';
import {
  loginReset,
  loginStateChanged,
  publicPolicyLoaded,
  sessionCheckStarted,
  sessionCleared,
  signUpReset,
  sessionEstablished,
  signUpStateChanged,
  socialProvidersLoaded,
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

function stopRefreshTimer(services: AuthServices) {
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
    writeSessionHint(services.options.baseUrl, true);
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
        ? await dispatch(hosted.completeHostedCallback())
        : await dispatch(refreshSession());
    services.bus.emit('auth:ready', { isAuthenticated });
    return isAuthenticated;
  };
}

/** The public policy, loaded once; a failure is logged and the flows go on without it. */
export function loadPublicPolicy(): AuthThunk<AuthState['publicPolicy']> {
  return async (dispatch, getState, services) => {
    const known = getState().auth.publicPolicy;
    if (known) return known;
    return sharedInFlight(services, 'publicPolicy', async () => {
      try {
        const policy = await services.api.configurations.getPublicPolicy();
        dispatch(publicPolicyLoaded(policy));
        return policy;
      } catch (error) {
        services.logger.error('Could not load the public policy', error);
        return null;
      }
    });
  };
}

/**
 * The social login providers (built-in v2 and custom, requested together), loaded once per app and
 * kept in the store. A failed list is logged and left out (no buttons for it, the form works); it is
 * asked again the next time a sign-in form wants the providers.
 */
export function loadSocialProviders(): AuthThunk<NonNullable<AuthState['socialProviders']>> {
  return async (dispatch, getState, services) => {
    const known = getState().auth.socialProviders;
    if (known?.complete) return known;
    return sharedInFlight(services, 'socialProviders', async () => {
      let complete = true;
      // The error names the list (its URL).
      const failed = (error: unknown) => {
        complete = false;
        services.logger.warn('Could not load the social providers', error);
        return [];
      };
      const { configurations } = services.api;
      const [builtIn, custom] = await Promise.all([
        configurations.socialProviders().catch(failed),
        configurations
          .customSocialProviders()
          .then((answer) => answer?.providers)
          .catch(failed),
      ]);
      const loaded = { list: usableSocialProviders(builtIn, custom), complete };
      dispatch(socialProvidersLoaded(loaded));
      return loaded;
    });
  };
}

/** The email step (spec 000 §4 "Pre-login"). */
export function preLogin(email: string): AuthThunk {
  return async (dispatch, _getState, services) => {
    dispatch(loginStateChanged({ email, loading: true, error: null }));
    const [policy, sso] = await Promise.all([
      dispatch(loadPublicPolicy()),
      services.api.auth.ssoPreLogin(email),
    ]);
    const oidcRedirectUri = new URL(
      services.options.routes.oidcRedirectUrl,
      globalThis.location?.href ?? services.options.baseUrl,
    ).toString();
    const decision = decidePreLogin({ sso, authStrategy: policy?.authStrategy, oidcRedirectUri });
    if (decision.step === 'redirectToSSO') {
      dispatch(loginStateChanged({ step: 'redirectToSSO', ssoAddress: decision.address, loading: false }));
      services.setTimer(() => services.navigate(decision.address), SSO_REDIRECT_DELAY_MS);
      return;
    }
    if ('passwordless' in decision) {
      // Passwordless code lives in its own chunk: the plain sign-in page never loads it.
      const { startPasswordless } = await import('./passwordlessThunks');
      await dispatch(startPasswordless(decision.passwordless, email));
      return;
    }
    dispatch(loginStateChanged({ step: decision.step, loading: false }));
  };
}

/** Password sign-in. A failure clears tokens and user and stores the error with the email (spec 000 §8). */
export function loginWithPassword(body: LoginRequest): AuthThunk<boolean> {
  return async (dispatch, _getState, services) => {
    dispatch(loginStateChanged({ email: body.email, loading: true, error: null }));
    try {
      const response = await services.api.auth.login(body);
      // A breached password (rare) loads its code on demand: the breachedPassword step when it applies.
      if (
        response.isBreachedPassword &&
        (await dispatch((await import('./passwordlessThunks')).breachedPasswordStep(response, body.email)))
      )
        return false;
      const outcome = decideAfterLogin(response, {
        breachedPasswordFlag: false,
        passkeyPromptApplies: false,
      });
      if (outcome.kind === 'mfa') {
        dispatch(enterSecondFactor(response, outcome.mfaToken, outcome.enrolled, body.email));
        return false;
      }
      await dispatch(finishSignIn(response));
      return true;
    } catch (error) {
      stopRefreshTimer(services);
      dispatch(sessionCleared());
      const message = errorMessage(error);
      dispatch(loginStateChanged({ loading: false, error: message, email: body.email }));
      services.bus.emit('auth:error', { action: 'login', message });
      return false;
    }
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

/** Whether the public policy offers passkeys (an active Passkeys secondary strategy, spec 000 §4). */
export const offersPasskeys = (policy: AuthState['publicPolicy']) =>
  !!policy?.secondaryStrategies?.some((s) => s.strategy === 'Passkeys' && s.isActive);

/**
 * The end of every sign-in (password, second factor, passkey): the session, the login event, then
 * the passkey prompt when it applies (spec 000 §4; checked in a lazy chunk, only when the public
 * policy offers passkeys), else the post-login destination.
 */
export function finishSignIn(response: AuthResponse): AuthThunk<User> {
  return async (dispatch, getState, services) => {
    const afterSignInUrl = getState().auth.loginState.mfa?.afterSignInUrl;
    const user = await dispatch(establishSession(response));
    services.bus.emit('auth:login', { user });
    if (offersPasskeys(getState().auth.publicPolicy)) {
      const { shouldPromptPasskeys } = await import('./passkeyThunks');
      const prompt = await dispatch(shouldPromptPasskeys(user));
      // Signed out while the check ran: the sign-in is over, leave the login state alone.
      if (!getState().auth.isAuthenticated) return user;
      if (prompt) {
        dispatch(
          loginStateChanged({
            loading: false,
            step: 'promptPasskeys',
            mfa: null,
            afterSignInUrl: afterSignInUrl ?? null,
          }),
        );
        return user;
      }
    }
    dispatch(loginStateChanged({ loading: false, step: 'success', mfa: null }));
    // Spec 000 §4 "Quick-login registration": only a page with the flag set loads that code.
    const quickLogin = webStorage('localStorage')?.getItem(REGISTER_QUICK_LOGIN_KEY)
      ? (await import('./sessionThunks')).startQuickLogin(user.id)
      : null;
    if (!quickLogin || !(await dispatch(quickLogin))) {
      if (afterSignInUrl) services.navigate(afterSignInUrl);
      else goToPostLoginDestination(services);
    }
    return user;
  };
}

/**
 * Leaves the passkey prompt (or any step shown after sign-in) for where the sign-in was going: the
 * place its first factor decided (a new social user's signUpSuccessUrl), else the post-login destination.
 */
export function continueAfterSignIn(): AuthThunk {
  return async (dispatch, getState, services) => {
    const afterSignInUrl = getState().auth.loginState.afterSignInUrl;
    dispatch(loginStateChanged({ step: 'success', afterSignInUrl: null }));
    if (afterSignInUrl) services.navigate(afterSignInUrl);
    else goToPostLoginDestination(services);
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

/** Sign-up (spec 000 §4 "Sign-up"). */
export function signUpUser(body: SignUpRequest): AuthThunk<boolean> {
  return async (dispatch, _getState, services) => {
    dispatch(signUpStateChanged({ loading: true, error: null }));
    try {
      const response = await services.api.users.signUp(body);
      const outcome = decideAfterSignUp(response);
      if (!body.invitationToken) {
        services.bus.emit('auth:signUpComplete', {
          email: body.email,
          userId: response.userId,
          tenantId: response.tenantId,
          shouldActivate: response.shouldActivate,
        });
      }
      if (outcome.kind === 'mfa') {
        // Not a sign-in yet: nothing of a session is kept until the second factor (spec 000 §4).
        stopRefreshTimer(services);
        dispatch(sessionCleared());
        dispatch(loginStateChanged({ email: body.email, step: outcome.step }));
        dispatch(signUpStateChanged({ loading: false }));
        return false;
      }
      const user =
        outcome.kind === 'authenticated' ? await dispatch(establishSession(outcome.authResponse)) : null;
      dispatch(
        signUpStateChanged({
          loading: false,
          stage: 'SignUpSuccess',
          shouldActivate: outcome.kind === 'activationNeeded',
        }),
      );
      if (user) {
        services.bus.emit('auth:login', { user });
        // A signed-in new user goes to signUpSuccessUrl when the host has one, else where any
        // sign-in goes (a redirectUrl on the sign-up page is honoured like on the login page).
        const successUrl = services.options.routes.signUpSuccessUrl;
        if (successUrl) services.navigate(successUrl);
        else goToPostLoginDestination(services);
      }
      return outcome.kind === 'authenticated';
    } catch (error) {
      stopRefreshTimer(services);
      dispatch(sessionCleared());
      const message = errorMessage(error);
      dispatch(signUpStateChanged({ loading: false, error: message }));
      services.bus.emit('auth:error', { action: 'signUp', message });
      return false;
    }
  };
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
