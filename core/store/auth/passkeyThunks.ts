/**
 * Passkeys in the login box (spec 000 §4, §7): the prompt after sign-in, passkey sign-in, and
 * registering a passkey from the prompt. A lazy chunk: reached through `import()` only when the
 * public policy offers passkeys. `@simplewebauthn/browser` is its own chunk again, loaded at the
 * moment a ceremony starts.
 */
import { errorMessage } from '../../api/errors';
import { createMfaApi, type DeviceType } from '../../api/mfa';
import type { User } from '../../api/types';
import { KNOWN_FEATURE_FLAGS } from '../../featureFlags/featureFlags';
import { PASSKEYS_DONT_SHOW_AGAIN_KEY, PREFERRED_METHOD_KEY, passkeyPromptApplies } from '../../flows/mfa';
import { loginStateChanged } from './authSlice';
import { finishSignIn, type AuthThunk } from './thunks';

function readStored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function store(key: string, value: string) {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage blocked (private mode, sandboxed frame): the choice lasts for this page only.
  }
}

/** Whether to show the passkey prompt to `user`, who has just signed in. Any failure means no prompt. */
export function shouldPromptPasskeys(user: User): AuthThunk<boolean> {
  return async (_dispatch, getState, services) => {
    const preferredMethod = readStored(PREFERRED_METHOD_KEY);
    const dontShowAgain = readStored(PASSKEYS_DONT_SHOW_AGAIN_KEY);
    const policy = getState().auth.publicPolicy;
    // The cheap conditions first: no request when the answer is already no.
    if (!passkeyPromptApplies({ flagOn: true, policy, preferredMethod, dontShowAgain, deviceCount: 0 }))
      return false;
    try {
      const flag = KNOWN_FEATURE_FLAGS.showPasskeysNew;
      const [flags, passkeys] = await Promise.all([
        services.api.featureFlags.evaluate([flag], { userId: user.id, tenantId: user.tenantId }),
        createMfaApi(services.http!).getPasskeys(),
      ]);
      return passkeyPromptApplies({
        flagOn: flags[flag] === true,
        policy,
        preferredMethod,
        dontShowAgain,
        deviceCount: passkeys.devices.length,
      });
    } catch (error) {
      services.logger.warn('Could not check whether to offer passkeys', error);
      return false;
    }
  };
}

/** "Don't show again" on the prompt: remembered in this browser. */
export function dontShowPasskeysAgain(): void {
  store(PASSKEYS_DONT_SHOW_AGAIN_KEY, 'true');
}

/** The WebAuthn error a user can act on: cancelled, or not possible here; else the server's message. */
export function ceremonyMessage(error: unknown, texts: { cancelled: string; unsupported: string }): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return texts.cancelled;
  if (name === 'NotSupportedError' || name === 'SecurityError' || name === 'InvalidStateError')
    return texts.unsupported;
  return errorMessage(error);
}

/** Registers a passkey for the signed-in user (the prompt's "Create a passkey"). */
export function registerPasskey(deviceType: DeviceType): AuthThunk<void> {
  return async (_dispatch, _getState, services) => {
    const api = createMfaApi(services.http!);
    const { startRegistration } = await import('@simplewebauthn/browser');
    const options = await api.createPasskeySession(deviceType);
    const credential = await startRegistration({ optionsJSON: options });
    // The client SDK's body: the credential's id and the authenticator's response.
    await api.verifyPasskeySession({ id: credential.id, response: credential.response, deviceType });
    store(PREFERRED_METHOD_KEY, 'Passkeys');
  };
}

/**
 * Passkey sign-in (first factor): options from prelogin, the browser's ceremony, postlogin. The
 * preferred method becomes Passkeys. Errors are stored on the login state like a failed login.
 * @public reached through a dynamic import (PasskeySignInButton), which knip cannot follow
 */
export function signInWithPasskey(texts: { cancelled: string; unsupported: string }): AuthThunk<boolean> {
  return async (dispatch, _getState, services) => {
    dispatch(loginStateChanged({ loading: true, error: null }));
    try {
      const api = createMfaApi(services.http!);
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const options = await api.passkeyPreLogin();
      const response = await startAuthentication({ optionsJSON: options });
      const answer = await api.passkeyPostLogin(response);
      store(PREFERRED_METHOD_KEY, 'Passkeys');
      await dispatch(finishSignIn(answer));
      return true;
    } catch (error) {
      const message = ceremonyMessage(error, texts);
      dispatch(loginStateChanged({ loading: false, error: message }));
      services.bus.emit('auth:error', { action: 'login', message });
      return false;
    }
  };
}
