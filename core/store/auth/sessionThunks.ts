/**
 * Thunks of the screens a route opens that the sign-in page never needs: impersonation, the
 * logout route, quick-login registration. Reached only from lazily loaded steps and through
 * dynamic import() from the host APIs, so they stay out of the login box's first download.
 */
import { errorMessage } from '../../api/errors';
import { MESSAGES } from '../../api/messages';
import {
  decideQuickLoginFlow,
  IMPERSONATION_RELOAD_DELAY_MS,
  quickLoginMarkerKey,
  REGISTER_QUICK_LOGIN_KEY,
  SILENT_LOGOUT_CALLBACK_MS,
} from '../../flows/session';
import { decideAfterLogout, type ImpersonationRequest } from '../../flows/sessionRoutes';
import { initialRecoveryState } from './recoveryState';
import { loginStateChanged, recoveryChanged } from './authSlice';
import { goToPostLoginDestination, logout, webStorage, type AuthThunk } from './session';

/**
 * Impersonation (spec 000 §2, §4): impersonating, then success; after 1000 ms the page loads again
 * and the screen's state resets. The page that loads is the authenticated URL: reloading the
 * impersonation route itself would ask again, as the impersonated user. The new session is the
 * refresh cookie the server just set; the reload restores it.
 */
export function impersonateUser(request: ImpersonationRequest): AuthThunk<boolean> {
  return async (dispatch, _getState, services) => {
    dispatch(recoveryChanged({ impersonate: { step: 'impersonating', error: null } }));
    try {
      await services.api.users.impersonate(request);
      dispatch(recoveryChanged({ impersonate: { step: 'success' } }));
      services.setTimer(() => {
        services.navigate(services.options.routes.authenticatedUrl);
        dispatch(recoveryChanged({ impersonate: initialRecoveryState.impersonate }));
      }, IMPERSONATION_RELOAD_DELAY_MS);
      return true;
    } catch (error) {
      const message = errorMessage(error);
      dispatch(recoveryChanged({ impersonate: { error: message } }));
      services.bus.emit('auth:error', { action: 'impersonate', message });
      return false;
    }
  };
}

/**
 * Silent logout (spec 000 §4 "Logout"): signs out without leaving the page, then calls `callback`
 * after `delayMs` (500 ms by default), e.g. to navigate once the sign-out has settled in every tab.
 */
export function silentLogout(callback?: () => void, delayMs: number = SILENT_LOGOUT_CALLBACK_MS): AuthThunk {
  return async (dispatch, _getState, services) => {
    await dispatch(logout());
    if (callback) services.setTimer(callback, delayMs);
  };
}

/**
 * The logout route (spec 000 §2 logoutUrl): signs out (server errors ignored, spec 000 §4), then
 * goes to an allowed `redirectUrl` of the route's query string, else to the login URL.
 */
export function logoutAndLeave(currentUrl: string): AuthThunk {
  return async (dispatch, _getState, services) => {
    await dispatch(logout());
    const decision = decideAfterLogout({
      currentUrl,
      routes: services.options.routes,
      allowedOrigins: services.options.allowedRedirectOrigins,
    });
    if (decision.warning) console.warn(`[auth-elements] ${MESSAGES.redirectNotAllowed}`);
    services.navigate(decision.url);
  };
}

/**
 * Spec 000 §4 "Quick-login registration", right after a sign-in: the register-quick-login flag
 * switches the flow to RegisterQuickLogin unless this user's marker says it is done; the flag is
 * cleared either way. Resolves true when the flow switched (the post-login destination waits).
 */
export function startQuickLogin(userId: string): AuthThunk<boolean> {
  return async (dispatch) => {
    const local = webStorage('localStorage');
    const flag = local?.getItem(REGISTER_QUICK_LOGIN_KEY) ?? null;
    local?.removeItem(REGISTER_QUICK_LOGIN_KEY);
    const flow = decideQuickLoginFlow({
      flag,
      markerDone: local?.getItem(quickLoginMarkerKey(userId)) === 'true',
    });
    if (flow === 'Login') return false;
    dispatch(loginStateChanged({ flow, quickLoginToRegister: flag }));
    return true;
  };
}

/**
 * Ends the RegisterQuickLogin flow (spec 000 §4). `register`: the user chose to set it up (the
 * method's own screens take over through the `auth:registerQuickLogin` event): the per-user marker
 * is written so the flag does not ask this user again. "Not now" writes
 * nothing. Then the usual post-login destination.
 */
export function finishQuickLogin(choice: 'register' | 'later'): AuthThunk {
  return async (dispatch, getState, services) => {
    const { user, loginState } = getState().auth;
    if (user && choice !== 'later') webStorage('localStorage')?.setItem(quickLoginMarkerKey(user.id), 'true');
    if (choice === 'register' && loginState.quickLoginToRegister)
      services.bus.emit('auth:registerQuickLogin', { method: loginState.quickLoginToRegister });
    dispatch(loginStateChanged({ flow: 'Login', quickLoginToRegister: null }));
    goToPostLoginDestination(services);
  };
}
