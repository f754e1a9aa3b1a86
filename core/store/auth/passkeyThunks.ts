/**
 * Passkeys in the login box (spec 000 §4, §7): the prompt after sign-in, passkey sign-in, and
 * registering a passkey from the prompt. A lazy chunk: reached through `import()` only when the
 * public policy offers passkeys. `@simplewebauthn/browser` is its own chunk again, loaded at the
 * moment a ceremony starts.
 */
import { errorMessage } from '../../api/errors';
import { createMfaApi, type DeviceType } from '../../api/mfa';
import { PASSKEYS_DONT_SHOW_AGAIN_KEY, PREFERRED_METHOD_KEY } from '../../flows/mfa';
import { loginStateChanged } from './authSlice';
import { finishSignIn } from './signIn';
import type { AuthThunk } from './session';

function store(key: string, value: string) {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage blocked (private mode, sandboxed frame): the choice lasts for this page only.
  }
}

/** "Don't show again" on the prompt: remembered in this browser. */
export function dontShowPasskeysAgain(): void {
  store(PASSKEYS_DONT_SHOW_AGAIN_KEY, 'true');
}

/** The user's messages of a failed ceremony (elements/i18n/en-mfa.ts). */
interface CeremonyTexts {
  cancelled: string;
  unsupported: string;
  /** The server's relying party does not fit this page's address (a setup mistake, not the device). */
  wrongAddress: string;
}

/**
 * `@simplewebauthn/browser`'s codes for a SecurityError whose cause is the relying party: the page's
 * host cannot be one (an IP address), or the server's `rp.id` is not this page's domain.
 */
const RELYING_PARTY_CODES = new Set(['ERROR_INVALID_DOMAIN', 'ERROR_INVALID_RP_ID']);
let relyingPartyWarned = false;

/** Once per page: what the integrator has to change when the relying party does not fit. */
function warnRelyingParty(detail: string): void {
  if (relyingPartyWarned) return;
  relyingPartyWarned = true;
  const host = globalThis.location?.hostname ?? 'this page';
  console.warn(
    `[auth-elements] The browser refused the passkey prompt: ${detail}. The server's WebAuthn relying party (rp.id) must be this page's domain (${host}) or a parent of it, and a page at an IP address cannot use passkeys at all. On the reference server set WEBAUTHN_RP_ID (in development mode it follows the page's host name: open the page at http://localhost, not 127.0.0.1); on another backend, its relying-party setting.`,
  );
}

/**
 * The WebAuthn error a user can act on: cancelled, set up for another address (and the console
 * tells the integrator why, once), or not possible here; else the server's message.
 */
export function ceremonyMessage(error: unknown, texts: CeremonyTexts): string {
  const { name, code, message } = (error ?? {}) as { name?: string; code?: string; message?: string };
  if (code && RELYING_PARTY_CODES.has(code)) {
    warnRelyingParty(message ?? code);
    return texts.wrongAddress;
  }
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
export function signInWithPasskey(texts: CeremonyTexts): AuthThunk<boolean> {
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
