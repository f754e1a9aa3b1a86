import { decideAfterLogin } from '../../flows/login';
import type { AuthResponse } from '../../api/types';
import { loginStateChanged } from './authSlice';
import { enterSecondFactor, type AuthThunk } from './session';

/**
 * The second factor after a federated sign-in (social login, OIDC SSO, SAML): one helper for every
 * callback route, so the MFA step is reached the same way as after a password (spec 000 §4 "After a
 * login response": an mfaRequired answer leads to loginWithTwoFactor, or forceTwoFactor when not
 * enrolled, whatever the first factor). Loaded only with the callback screens' chunks.
 *
 * When the post-login answer asks for MFA: nothing of a session is kept (enterSecondFactor), and the
 * callback's code and state leave the address bar and history: the page becomes the login route,
 * where the login box shows the MFA step, and a reload cannot replay a spent code.
 * `afterSignInUrl` (where this sign-in must end, when the callback decided it: a new social user's
 * signUpSuccessUrl, the checked redirectUrl) is kept with the MFA attempt, so the second factor ends
 * where the sign-in would have gone without it; without it, the post-login destination.
 *
 * Returns whether the MFA step was entered; false means the answer is a session for the caller.
 */
export function continueWithSecondFactor(
  response: AuthResponse,
  afterSignInUrl?: string,
): AuthThunk<boolean> {
  return async (dispatch, getState, services) => {
    const outcome = decideAfterLogin(response, { breachedPasswordFlag: false, passkeyPromptApplies: false });
    if (outcome.kind !== 'mfa') return false;
    const here = globalThis.location;
    if (here && globalThis.history) {
      const login = new URL(services.options.routes.loginUrl, here.href);
      // A login route on another origin cannot enter this page's history: the callback loses its query instead.
      globalThis.history.replaceState(
        null,
        '',
        login.origin === here.origin ? `${login.pathname}${login.search}` : here.pathname,
      );
    }
    await dispatch(enterSecondFactor(response, outcome.mfaToken, outcome.enrolled, response.email ?? ''));
    const mfa = getState().auth.loginState.mfa;
    if (afterSignInUrl && mfa) dispatch(loginStateChanged({ mfa: { ...mfa, afterSignInUrl } }));
    return true;
  };
}
