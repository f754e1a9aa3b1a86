/**
 * Social login (spec 000 §2 "Social login buttons and the social callback", §3, §4 "Social login",
 * §5). A lazy chunk: loaded by the sign-in screen's social buttons and by the callback screen.
 *
 * - The buttons come from the providers configuration (v2) and the custom providers, loaded by the
 *   sign-in form itself (`loadSocialProviders` in core/store/auth/thunks.ts, kept in the store):
 *   this chunk loads only when a button is pointed at or clicked, and on the callback route.
 * - A click adds `state` and a PKCE challenge (S256, WebCrypto) to the provider's authorization
 *   address; state, verifier and the redirect URI wait in sessionStorage for the round trip only.
 * - The callback route compares the state, then sends code, id_token, redirectUri, code_verifier
 *   and state, each only when present, to the server's post-login; the server exchanges the code.
 * - New users emit sign-up-complete and user-verified and go to `signUpSuccessUrl` when it is set;
 *   the quick-login marker is cleared; otherwise the normal post-login destination.
 * - An mfaRequired answer continues on the login box's MFA step (forced enrolment when not
 *   enrolled), then goes to that same destination; a new user's events are emitted at the callback.
 */
import { federatedApi } from '../api/federated';
import { isApiError, isInvalidTokenError } from '../api/errors';
import { MESSAGES } from '../api/messages';
import type { SocialLoginResult, SocialPostLoginQuery, SocialProviderConfig } from '../api/types';
import type { AuthRoutes } from '../config/routes';
import { decidePostLogin } from '../flows/postLogin';
import { pkceChallenge, randomToken, safeReturnPath, tabStorage, takeStored } from '../session/pkce';
import { loginStateChanged, sessionCleared } from '../store/auth/authSlice';
import { continueWithSecondFactor } from '../store/auth/federatedThunks';
import { establishSession, type AuthThunk } from '../store/auth/thunks';
import type { AuthServices } from '../store/services';

export const SOCIAL_PENDING_KEY = 'auth-elements.social-login';
/** Spec 000 §4 "Quick-login registration": the local flag cleared after a social sign-in. */
export const QUICK_LOGIN_FLAG = 'register-quick-login';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;
type Services = Pick<AuthServices, 'api' | 'logger' | 'options' | 'navigate' | 'http'>;

export interface PendingSocialLogin {
  provider: string;
  state: string;
  verifier: string;
  redirectUri: string;
  /** The `redirectUrl` the sign-in page had, for the post-login destination. */
  redirectUrl: string | null;
}

function here(): URL {
  return new URL(globalThis.location?.href ?? 'http://localhost/');
}

/** The authorization address with state and PKCE; stores what the callback needs. */
export async function buildSocialAuthorizationUrl(
  services: Pick<Services, 'options'>,
  provider: SocialProviderConfig,
  storage: Storage = tabStorage(),
  current: URL = here(),
): Promise<string> {
  const url = new URL(provider.authorizationUrl, current);
  const redirectUri =
    url.searchParams.get('redirect_uri') ??
    new URL(services.options.routes.socialLoginCallbackUrl, current).toString();
  url.searchParams.set('redirect_uri', redirectUri);
  const pending: PendingSocialLogin = {
    provider: provider.provider,
    state: randomToken(),
    verifier: randomToken(),
    redirectUri,
    redirectUrl: current.searchParams.get('redirectUrl'),
  };
  url.searchParams.set('state', pending.state);
  url.searchParams.set('code_challenge', await pkceChallenge(pending.verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  storage.setItem(SOCIAL_PENDING_KEY, JSON.stringify(pending));
  return url.toString();
}

export async function startSocialLogin(
  services: Services,
  provider: SocialProviderConfig,
  storage: Storage = tabStorage(),
  current: URL = here(),
): Promise<void> {
  services.navigate(await buildSocialAuthorizationUrl(services, provider, storage, current));
}

/** Spec 000 §5: each field only when present. */
export function socialPostLoginQuery(
  fields: Record<keyof SocialPostLoginQuery, string | null | undefined>,
): SocialPostLoginQuery {
  const query: SocialPostLoginQuery = {};
  for (const [key, value] of Object.entries(fields) as Array<
    [keyof SocialPostLoginQuery, string | null | undefined]
  >) {
    if (typeof value === 'string' && value !== '') query[key] = value;
  }
  return query;
}

export type SocialDestination =
  { kind: 'signUpSuccess'; url: string } | { kind: 'postLogin'; url: string; warning?: 'redirectNotAllowed' };

/**
 * Where a social sign-in goes (spec 000 §4): a new user to signUpSuccessUrl when set; otherwise
 * the post-login destination of the sign-in page it started from (its redirectUrl, checked).
 */
export function decideAfterSocialLogin(input: {
  result: SocialLoginResult;
  routes: AuthRoutes;
  origin: string;
  redirectUrl: string | null;
  allowedOrigins?: readonly string[];
}): SocialDestination {
  if (input.result.isNewUser && input.routes.signUpSuccessUrl)
    return { kind: 'signUpSuccess', url: input.routes.signUpSuccessUrl };
  const from = new URL(input.routes.loginUrl, input.origin);
  if (input.redirectUrl) from.searchParams.set('redirectUrl', input.redirectUrl);
  const decision = decidePostLogin({
    currentUrl: from.toString(),
    routes: input.routes,
    allowedOrigins: input.allowedOrigins,
  });
  // From the login route the decision always navigates.
  return decision.kind === 'navigate'
    ? { kind: 'postLogin', url: decision.url, warning: decision.warning }
    : { kind: 'postLogin', url: input.routes.authenticatedUrl };
}

/**
 * The message a failed social sign-in shows: the server's own words when it gave any, "Invalid
 * token specified" for an answer whose token is not a JWT (spec 000 §8), else "Failed to authenticate".
 */
function failureMessage(error: unknown): string {
  if (isInvalidTokenError(error)) return MESSAGES.invalidToken;
  return isApiError(error) && error.status && error.status < 500 && error.message
    ? error.message
    : MESSAGES.failedToAuthenticate;
}

/**
 * What a social sign-in does whether or not a second factor follows: the quick-login marker is
 * cleared, and a new user's sign-up events are emitted (the provider's callback created the account
 * with a verified email; with MFA the ids come only with the session, so they are left out).
 */
function afterSocialSignIn(services: Pick<AuthServices, 'bus'>, result: SocialLoginResult, email: string) {
  try {
    globalThis.localStorage?.removeItem(QUICK_LOGIN_FLAG);
  } catch {
    // storage blocked: nothing to clear
  }
  if (!result.isNewUser) return;
  services.bus.emit('auth:signUpComplete', {
    email,
    userId: result.userId,
    tenantId: result.tenantId,
    shouldActivate: false,
  });
  services.bus.emit('auth:userVerified', { email, userId: result.userId });
}

/**
 * The callback route (spec 000 §2 socialLoginCallbackUrl). True when signed in or on the MFA step
 * (core/store/auth/federatedThunks.ts), false when it failed.
 */
export function completeSocialLogin(
  current: URL = here(),
  storage: Storage = tabStorage(),
): AuthThunk<boolean> {
  return async (dispatch, _getState, services) => {
    dispatch(loginStateChanged({ loading: true, error: null }));
    try {
      const pending = takeStored<PendingSocialLogin>(storage, SOCIAL_PENDING_KEY);
      const params = current.searchParams;
      const code = params.get('code');
      const idToken = params.get('id_token');
      const state = params.get('state');
      if (params.get('error')) throw new Error(`The provider refused: ${params.get('error')}`);
      if (!pending || typeof pending.provider !== 'string')
        throw new Error('No social sign-in is in progress in this tab');
      if (state !== pending.state) throw new Error('The state of the callback does not match the request');
      if (!code && !idToken) throw new Error('The callback has neither code nor id_token');
      const result = await federatedApi(services).socialPostLogin(
        pending.provider,
        socialPostLoginQuery({
          code,
          id_token: idToken,
          redirectUri: pending.redirectUri,
          code_verifier: pending.verifier,
          state,
        }),
      );
      const destination = decideAfterSocialLogin({
        result,
        routes: services.options.routes,
        origin: current.origin,
        redirectUrl:
          safeReturnPath(pending.redirectUrl, '') ||
          (pending.redirectUrl && /^https?:\/\//.test(pending.redirectUrl) ? pending.redirectUrl : null),
        allowedOrigins: services.options.allowedRedirectOrigins,
      });
      if (destination.kind === 'postLogin' && destination.warning)
        console.warn(`[auth-elements] ${MESSAGES.redirectNotAllowed}`);
      // A second factor first (spec 000 §4): the MFA step, then the same destination.
      if (await dispatch(continueWithSecondFactor(result, destination.url))) {
        afterSocialSignIn(services, result, result.email ?? '');
        return true;
      }
      const user = await dispatch(establishSession(result));
      afterSocialSignIn(services, result, result.email ?? user.email);
      dispatch(loginStateChanged({ step: 'success', loading: false }));
      services.bus.emit('auth:login', { user });
      services.navigate(destination.url);
      return true;
    } catch (error) {
      services.logger.warn('Social login failed', error);
      dispatch(sessionCleared());
      const message = failureMessage(error);
      dispatch(loginStateChanged({ loading: false, error: message }));
      services.bus.emit('auth:error', { action: 'socialLogin', message });
      return false;
    }
  };
}
