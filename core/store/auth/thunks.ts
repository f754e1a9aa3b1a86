import { errorMessage } from '../../api/errors';
import type { LoginRequest, SignUpRequest } from '../../api/types';
import {
  decideAfterLogin,
  decideAfterSignUp,
  decidePreLogin,
  SSO_REDIRECT_DELAY_MS,
} from '../../flows/login';
import { usableSocialProviders } from '../../flows/socialProviders';
import { sharedInFlight } from '../inFlight';
import {
  loginStateChanged,
  publicPolicyLoaded,
  sessionCleared,
  signUpStateChanged,
  socialProvidersLoaded,
  type AuthState,
} from './authSlice';
import {
  enterSecondFactor,
  establishSession,
  goToPostLoginDestination,
  stopRefreshTimer,
  type AuthThunk,
} from './session';
import { finishSignIn } from './signIn';

// The session's core (session.ts) and the end of a sign-in (signIn.ts), for the elements and host
// APIs that import them from here. The lazily loaded flows import those modules directly.
export {
  establishSession,
  logout,
  refreshSession,
  requestAuthorize,
  webStorage,
  type AuthThunk,
} from './session';
export { continueAfterSignIn, finishSignIn, offersPasskeys } from './signIn';

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
