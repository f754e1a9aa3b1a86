import { createPasswordlessApi } from '../../api/passwordless';
import type { AuthResponse } from '../../api/types';
import { decideAfterLogin, type PasswordlessStrategy } from '../../flows/login';
import {
  BREACHED_PASSWORD_FLAG,
  decidePasswordlessPreLogin,
  normalizeCode,
  passwordlessErrorMessage,
  passwordlessTypeOfStep,
} from '../../flows/passwordless';
import { forgotPasswordErrorMessage } from '../../flows/recovery';
import { decodeAccessToken } from '../../jwt';
import type { AuthServices } from '../services';
import { loginStateChanged, recoveryChanged, sessionCleared } from './authSlice';
import type { RecoveryState } from './recoveryState';
import { enterSecondFactor, type AuthThunk } from './session';
import { finishSignIn } from './signIn';

/**
 * Passwordless sign-in, the reset-phone-number flow and the breached-password prompt. Loaded on
 * demand (dynamic import from thunks.ts and the lazily loaded screens), so the plain sign-in page
 * does not carry them.
 */

const api = (services: AuthServices) => createPasswordlessApi(services.http!);

function phoneChange(
  dispatch: (action: ReturnType<typeof recoveryChanged>) => unknown,
  change: Partial<RecoveryState['resetPhone']>,
) {
  dispatch(recoveryChanged({ resetPhone: change }));
}

/**
 * Sends the code or link of `type` to `email` (spec 000 §4 "Pre-login" steps 4-5) and moves to its
 * step; an SMS pre-login answered with a resetPhoneNumberToken goes to the reset-phone-number route.
 */
export function startPasswordless(
  type: PasswordlessStrategy,
  email: string,
  resend = false,
): AuthThunk<boolean> {
  return async (dispatch, getState, services) => {
    dispatch(loginStateChanged({ email, loading: true, error: null, resent: false }));
    try {
      const answer = await api(services).preLogin(type, email);
      const decision = decidePasswordlessPreLogin(type, answer, getState().auth.loginState.step);
      if (decision.kind === 'resetPhoneNumber') {
        phoneChange(dispatch, {
          step: 'verify',
          email,
          token: decision.resetPhoneNumberToken,
          active: true,
          error: null,
          loading: false,
        });
        globalThis.history?.pushState(null, '', services.options.routes.resetPhoneNumberUrl);
        dispatch(loginStateChanged({ loading: false, step: 'preLogin' }));
        return true;
      }
      dispatch(
        loginStateChanged({
          loading: false,
          step: decision.step,
          phoneNumber: decision.phoneNumber,
          resent: resend,
        }),
      );
      return true;
    } catch (error) {
      const message = passwordlessErrorMessage(error);
      dispatch(loginStateChanged({ loading: false, error: message }));
      services.bus.emit('auth:error', { action: 'login', message });
      return false;
    }
  };
}

/** Resend on a code or magic-link step: the same method, the same email. */
export function resendPasswordless(): AuthThunk<boolean> {
  return async (dispatch, getState) => {
    const { step, email } = getState().auth.loginState;
    const type = passwordlessTypeOfStep(step);
    return type ? dispatch(startPasswordless(type, email, true)) : false;
  };
}

/**
 * Finishes a passwordless sign-in with the server's login response, as a password sign-in does:
 * MFA is not a sign-in; otherwise the session, the login event, the passkey prompt when it applies
 * and the post-login destination (thunks.ts `finishSignIn`).
 */
function finishPasswordless(response: AuthResponse, email: string): AuthThunk<boolean> {
  return async (dispatch) => {
    const outcome = decideAfterLogin(response, { breachedPasswordFlag: false, passkeyPromptApplies: false });
    if (outcome.kind === 'mfa') {
      await dispatch(
        enterSecondFactor(
          response,
          outcome.mfaToken,
          outcome.enrolled,
          email || ((response as { email?: string }).email ?? ''),
        ),
      );
      return false;
    }
    await dispatch(finishSignIn(response));
    return true;
  };
}

/** A code step's submit (loginWithOtc, loginWithSmsOtc, loginWithQuickSmsOtc). */
export function submitPasswordlessCode(code: string): AuthThunk<boolean> {
  return async (dispatch, getState, services) => {
    const { step, email } = getState().auth.loginState;
    const type = passwordlessTypeOfStep(step);
    if (!type || type === 'MagicLink') return false;
    dispatch(loginStateChanged({ loading: true, error: null, resent: false }));
    try {
      return await dispatch(
        finishPasswordless(await api(services).postLogin(type, { email, token: normalizeCode(code) }), email),
      );
    } catch (error) {
      dispatch(sessionCleared());
      const message = passwordlessErrorMessage(error);
      dispatch(loginStateChanged({ loading: false, error: message, email }));
      services.bus.emit('auth:error', { action: 'login', message });
      return false;
    }
  };
}

/**
 * The magic-link callback route: signs in with the link's token. The token leaves the address bar
 * first (it is single-use, and must not stay in history).
 */
export function signInWithMagicLink(token: string): AuthThunk<boolean> {
  return async (dispatch, _getState, services) => {
    dispatch(loginStateChanged({ loading: true, error: null }));
    globalThis.history?.replaceState(null, '', services.options.routes.loginUrl);
    try {
      return await dispatch(finishPasswordless(await api(services).postLogin('MagicLink', { token }), ''));
    } catch (error) {
      dispatch(sessionCleared());
      const message = passwordlessErrorMessage(error);
      dispatch(loginStateChanged({ loading: false, error: message }));
      services.bus.emit('auth:error', { action: 'login', message });
      return false;
    }
  };
}

/** Reset phone number, request: emails a code and keeps the resetPhoneNumberToken (memory only). */
export function requestPhoneReset(email: string): AuthThunk<boolean> {
  return async (dispatch, _getState, services) => {
    phoneChange(dispatch, { email, loading: true, error: null });
    try {
      const { resetPhoneNumberToken } = await api(services).requestPhoneReset(email);
      phoneChange(dispatch, { step: 'verify', token: resetPhoneNumberToken, loading: false });
      return true;
    } catch (error) {
      phoneChange(dispatch, { loading: false, error: passwordlessErrorMessage(error) });
      return false;
    }
  };
}

/** Reset phone number, verify: the emailed code yields the changePhoneNumberToken. */
export function verifyPhoneReset(code: string): AuthThunk<boolean> {
  return async (dispatch, getState, services) => {
    const { token } = getState().auth.recovery.resetPhone;
    if (!token) return false;
    phoneChange(dispatch, { loading: true, error: null });
    try {
      const { changePhoneNumberToken } = await api(services).verifyPhoneReset(token, normalizeCode(code));
      phoneChange(dispatch, { step: 'change', token: changePhoneNumberToken, loading: false });
      return true;
    } catch (error) {
      phoneChange(dispatch, { loading: false, error: passwordlessErrorMessage(error) });
      return false;
    }
  };
}

/**
 * Reset phone number, change: saves the new number, then the passwordless SMS-code pre-login runs
 * and the box returns to the login route on the loginWithSmsOtc step (spec 000 §2, §4).
 */
export function changePhoneNumber(phoneNumber: string): AuthThunk<boolean> {
  return async (dispatch, getState, services) => {
    const { token, email } = getState().auth.recovery.resetPhone;
    if (!token) return false;
    phoneChange(dispatch, { loading: true, error: null });
    try {
      await api(services).changePhone(token, phoneNumber.trim());
    } catch (error) {
      phoneChange(dispatch, { loading: false, error: passwordlessErrorMessage(error) });
      return false;
    }
    phoneChange(dispatch, { step: 'request', token: null, loading: false, active: false });
    globalThis.history?.replaceState(null, '', services.options.routes.loginUrl);
    dispatch(loginStateChanged({ step: 'loginWithSmsOtc' }));
    return dispatch(startPasswordless('SmsCode', email));
  };
}

/**
 * Whether a login response leads to the breached-password prompt: only for a breached password,
 * with the flag security-center-show-login-flows on for this user (spec 000 §4, §6). The flag is
 * asked only then, so an ordinary sign-in makes no extra request. A failed flag call means off.
 */
async function breachedPasswordApplies(services: AuthServices, response: AuthResponse): Promise<boolean> {
  if (!response.isBreachedPassword || !response.accessToken) return false;
  try {
    const claims = decodeAccessToken(response.accessToken);
    const flags = await services.api.featureFlags.evaluate([BREACHED_PASSWORD_FLAG], {
      userId: claims.sub,
      tenantId: claims.tenantId,
    });
    return flags[BREACHED_PASSWORD_FLAG] === true;
  } catch (error) {
    services.logger.error('Could not evaluate the breached-password flag', error);
    return false;
  }
}

/**
 * After a password sign-in whose password is breached: when the flag is on (decideAfterLogin says
 * breachedPassword), the session opened with that password is closed (the user must choose a new
 * password first) and the breachedPassword step shows; true then. Its button sends a reset link.
 */
export function breachedPasswordStep(response: AuthResponse, email: string): AuthThunk<boolean> {
  return async (dispatch, _getState, services) => {
    const flag = await breachedPasswordApplies(services, response);
    if (
      decideAfterLogin(response, { breachedPasswordFlag: flag, passkeyPromptApplies: false }).kind !==
      'breachedPassword'
    )
      return false;
    try {
      await services.api.auth.logout();
    } catch (error) {
      services.logger.warn('Could not close the session of a breached password', error);
    }
    dispatch(sessionCleared());
    dispatch(loginStateChanged({ loading: false, step: 'breachedPassword', email, error: null }));
    return true;
  };
}

/** breachedPassword -> breachedPasswordSuccess: emails a reset link to the signed-in email. */
export function sendBreachedPasswordReset(): AuthThunk<boolean> {
  return async (dispatch, getState, services) => {
    const { email } = getState().auth.loginState;
    dispatch(loginStateChanged({ loading: true, error: null }));
    try {
      await services.api.users.requestPasswordReset({ email });
      dispatch(loginStateChanged({ loading: false, step: 'breachedPasswordSuccess' }));
      return true;
    } catch (error) {
      dispatch(loginStateChanged({ loading: false, error: forgotPasswordErrorMessage(error) }));
      return false;
    }
  };
}
