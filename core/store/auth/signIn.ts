/**
 * The end of every sign-in (password, second factor, passkey, passwordless) and what follows it
 * (the passkey prompt, quick-login registration, the post-login destination). Its own module so
 * that the lazily loaded flows it opens with `import()` (the passkey prompt, quick login) and the
 * flows that end here (passwordless, passkeys) form no import cycle with it.
 */
import type { AuthResponse, User } from '../../api/types';
import { REGISTER_QUICK_LOGIN_KEY } from '../../flows/session';
import { loginStateChanged, type AuthState } from './authSlice';
import { establishSession, goToPostLoginDestination, webStorage, type AuthThunk } from './session';

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
      const { shouldPromptPasskeys } = await import('./passkeyPrompt');
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
