/**
 * The SSO callback routes (spec 000 §2 oidcRedirectUrl and samlCallbackUrl, §4 "Pre-login" step 2
 * and "Legacy SSO post-login failure", §7). A lazy chunk.
 *
 * - OIDC: pre-login sent the browser to the SSO address with this route as `redirect_uri`; the
 *   identity provider comes back here with `code` and `state`.
 * - SAML: the identity provider posted its response to the server's assertion consumer service,
 *   which sends the browser here with a single-use SSO `code` (or `error` when it refused it).
 *
 * Success: the session, `auth:login`, then the post-login destination. An mfaRequired answer: the
 * login box's MFA step first (core/store/auth/federatedThunks.ts). Failure: the
 * loginWithSSOFailed step with "Failed to authenticate" ("Invalid token specified" when the answer's
 * token is not a JWT), then the authenticated URL after 1000 ms.
 */
import { isInvalidTokenError } from '../api/errors';
import { federatedApi } from '../api/federated';
import { MESSAGES } from '../api/messages';
import type { AuthResponse } from '../api/types';
import { loginStateChanged, sessionCleared } from '../store/auth/authSlice';
import { continueWithSecondFactor } from '../store/auth/federatedThunks';
import { establishSession, type AuthThunk } from '../store/auth/thunks';

/** Spec 000 §9: SSO failure redirect delay. */
export const SSO_FAILURE_REDIRECT_DELAY_MS = 1000;

function here(): URL {
  return new URL(globalThis.location?.href ?? 'http://localhost/');
}

type SsoExchange = (
  services: Parameters<AuthThunk>[2],
  routes: Parameters<AuthThunk>[2]['options']['routes'],
) => Promise<AuthResponse>;

/** The callback's common part: the exchange, the session and the destination, or the failure step. */
function completeSsoLogin(protocol: 'OIDC' | 'SAML', exchange: SsoExchange): AuthThunk<boolean> {
  return async (dispatch, _getState, services) => {
    const { routes } = services.options;
    dispatch(loginStateChanged({ loading: true, error: null }));
    try {
      const response = await exchange(services, routes);
      // A second factor first (spec 000 §4): the login box's MFA step, then the post-login destination.
      if (await dispatch(continueWithSecondFactor(response))) return true;
      const user = await dispatch(establishSession(response));
      dispatch(loginStateChanged({ step: 'success', loading: false }));
      services.bus.emit('auth:login', { user });
      services.navigate(routes.authenticatedUrl);
      return true;
    } catch (error) {
      services.logger.warn(`${protocol} single sign-on failed`, error);
      dispatch(sessionCleared());
      // An answer whose token is not a JWT says so (spec 000 §8 "Malformed token"); anything else
      // is the SSO fallback message.
      const message = isInvalidTokenError(error) ? MESSAGES.invalidToken : MESSAGES.failedToAuthenticate;
      dispatch(loginStateChanged({ step: 'loginWithSSOFailed', loading: false, error: message }));
      services.bus.emit('auth:error', { action: 'ssoLogin', message });
      services.setTimer(() => services.navigate(routes.authenticatedUrl), SSO_FAILURE_REDIRECT_DELAY_MS);
      return false;
    }
  };
}

export function completeOidcLogin(current: URL = here()): AuthThunk<boolean> {
  return completeSsoLogin('OIDC', (services, routes) => {
    const code = current.searchParams.get('code');
    const state = current.searchParams.get('state');
    if (current.searchParams.get('error'))
      throw new Error(`The identity provider refused: ${current.searchParams.get('error')}`);
    if (!code || !state) throw new Error('The callback has no code or state');
    // The same address pre-login appended as redirect_uri: this route, without its query.
    const redirectUri = new URL(routes.oidcRedirectUrl, current).toString();
    return federatedApi(services).oidcPostLogin({ code, redirectUri, RelayState: state });
  });
}

export function completeSamlLogin(current: URL = here()): AuthThunk<boolean> {
  return completeSsoLogin('SAML', (services) => {
    const code = current.searchParams.get('code');
    if (current.searchParams.get('error'))
      throw new Error(`The single sign-on service refused: ${current.searchParams.get('error')}`);
    if (!code) throw new Error('The callback has no code');
    return federatedApi(services).samlPostLogin({ code });
  });
}
