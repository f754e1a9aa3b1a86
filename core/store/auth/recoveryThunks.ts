import { errorMessage } from '../../api/errors';
import type { EmailLinkParams } from '../../api/types';
import {
  ACTIVATION_SUCCESS_DELAY_MS,
  decideActivationStart,
  decideAfterActivation,
  forgotPasswordErrorMessage,
} from '../../flows/recovery';
import { recoveryChanged } from './authSlice';
import { establishSession, logout, type AuthThunk } from './session';

/** Forgot password (spec 000 §2): ask for a reset link, then the success screen. */
export function requestPasswordReset(email: string): AuthThunk<boolean> {
  return async (dispatch, _getState, services) => {
    dispatch(recoveryChanged({ forgotPassword: { email, loading: true, error: null } }));
    try {
      await services.api.users.requestPasswordReset({ email });
      dispatch(recoveryChanged({ forgotPassword: { loading: false, step: 'success' } }));
      return true;
    } catch (error) {
      const message = forgotPasswordErrorMessage(error);
      dispatch(recoveryChanged({ forgotPassword: { loading: false, error: message } }));
      services.bus.emit('auth:error', { action: 'forgotPassword', message });
      return false;
    }
  };
}

/** Reset password with the emailed link; the user signs in afterwards with the new password. */
export function resetPassword(link: EmailLinkParams, password: string): AuthThunk<boolean> {
  return async (dispatch, _getState, services) => {
    dispatch(recoveryChanged({ resetPassword: { loading: true, error: null } }));
    try {
      await services.api.users.resetPassword({ ...link, password });
      dispatch(recoveryChanged({ resetPassword: { loading: false, step: 'success' } }));
      return true;
    } catch (error) {
      const message = forgotPasswordErrorMessage(error);
      dispatch(recoveryChanged({ resetPassword: { loading: false, error: message } }));
      services.bus.emit('auth:error', { action: 'resetPassword', message });
      return false;
    }
  };
}

/**
 * Pre-activation (spec 000 §4 "Activation"): signs out whoever is signed in (the link may belong to
 * someone else), loads the strategy, then shows the form or activates right away. A link that is
 * not live leads to the resend screen with the server's message.
 */
export function startActivation(link: EmailLinkParams): AuthThunk {
  return async (dispatch, getState, services) => {
    if (getState().auth.isAuthenticated) await dispatch(logout());
    dispatch(
      recoveryChanged({ activate: { step: 'activating', loading: true, error: null, resent: false } }),
    );
    try {
      const strategy = await services.api.users.getActivationStrategy(link);
      if (decideActivationStart(strategy) === 'activatingForm') {
        dispatch(recoveryChanged({ activate: { step: 'activatingForm', loading: false } }));
        return;
      }
    } catch (error) {
      dispatch(recoveryChanged({ activate: { step: 'resend', loading: false, error: errorMessage(error) } }));
      return;
    }
    await dispatch(activateAccount(link));
  };
}

/**
 * Activates and signs in. redirectLocation wins; otherwise the success screen shows for 1000 ms
 * (spec 000 §9) and the browser continues to the authenticated URL. A failure with a password typed
 * stays on the form (the password is kept by the form); without one it goes to the resend screen.
 */
export function activateAccount(link: EmailLinkParams, password?: string): AuthThunk<boolean> {
  return async (dispatch, _getState, services) => {
    dispatch(recoveryChanged({ activate: { loading: true, error: null } }));
    try {
      const response = await services.api.users.activateAccount(
        password === undefined ? link : { ...link, password },
      );
      const user = await dispatch(establishSession(response));
      services.bus.emit('auth:login', { user });
      const outcome = decideAfterActivation(response);
      if (outcome.kind === 'redirect') {
        services.navigate(outcome.url);
        return true;
      }
      dispatch(recoveryChanged({ activate: { step: 'success', loading: false } }));
      services.setTimer(
        () => services.navigate(services.options.routes.authenticatedUrl),
        ACTIVATION_SUCCESS_DELAY_MS,
      );
      return true;
    } catch (error) {
      const message = errorMessage(error);
      dispatch(
        recoveryChanged({
          activate:
            password === undefined
              ? { step: 'resend', loading: false, error: message }
              : { loading: false, error: message },
        }),
      );
      services.bus.emit('auth:error', { action: 'activate', message });
      return false;
    }
  };
}

/** Resend screen: emails a new activation link (the server answers the same whether or not the account exists). */
export function resendActivationEmail(email: string): AuthThunk<boolean> {
  return async (dispatch, _getState, services) => {
    dispatch(recoveryChanged({ activate: { loading: true, error: null, resent: false } }));
    try {
      await services.api.users.resendActivationEmail({ email });
      dispatch(recoveryChanged({ activate: { loading: false, resent: true } }));
      return true;
    } catch (error) {
      dispatch(recoveryChanged({ activate: { loading: false, error: errorMessage(error) } }));
      return false;
    }
  };
}
