import { isApiError } from '../api/errors';
import { MESSAGES } from '../api/messages';
import type { ActivationStrategy, AuthResponse, EmailLinkParams } from '../api/types';
import type { AuthRoutes } from '../config/routes';

/** Spec 000 §9: the success screen of activation waits this long before continuing. */
export const ACTIVATION_SUCCESS_DELAY_MS = 1000;

/** Activate account screens (spec 000 §2). */
export type ActivateStep = 'activating' | 'activatingForm' | 'success' | 'resend';
/** Forgot password screens (spec 000 §2). */
export type ForgotPasswordStep = 'forgotPassword' | 'success';
/** The reset-password route's screens (names not given by the spec). */
export type ResetPasswordStep = 'resetPassword' | 'success';

/** The screens of the login box that a route opens by itself. */
export type RouteScreen =
  | 'signUp'
  | 'forgotPassword'
  | 'resetPassword'
  | 'activate'
  | 'magicLink'
  | 'resetPhoneNumber'
  | 'logout'
  | 'impersonate'
  | 'acceptInvitation';

const trimPath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Which screen a path opens (spec 000 §2 route table); null for the login screen. */
export function screenForPath(
  pathname: string,
  routes: Pick<
    AuthRoutes,
    | 'signUpUrl'
    | 'forgetPasswordUrl'
    | 'resetPasswordUrl'
    | 'activateUrl'
    | 'magicLinkCallbackUrl'
    | 'resetPhoneNumberUrl'
    | 'logoutUrl'
    | 'impersonationUrl'
    | 'acceptInvitationUrl'
  >,
): RouteScreen | null {
  const path = trimPath(pathname);
  const table: Array<[string, RouteScreen]> = [
    [routes.signUpUrl, 'signUp'],
    [routes.forgetPasswordUrl, 'forgotPassword'],
    [routes.resetPasswordUrl, 'resetPassword'],
    [routes.activateUrl, 'activate'],
    [routes.magicLinkCallbackUrl, 'magicLink'],
    [routes.resetPhoneNumberUrl, 'resetPhoneNumber'],
    [routes.logoutUrl, 'logout'],
    [routes.impersonationUrl, 'impersonate'],
    [routes.acceptInvitationUrl, 'acceptInvitation'],
  ];
  return (
    table.find(([route]) => trimPath(new URL(route, 'http://route.invalid').pathname) === path)?.[1] ?? null
  );
}

/** userId and token of an emailed link (`?userId=..&token=..`), or null when either is missing. */
export function readEmailLink(search: string): EmailLinkParams | null {
  const params = new URLSearchParams(search);
  const userId = params.get('userId')?.trim();
  const token = params.get('token')?.trim();
  return userId && token ? { userId, token } : null;
}

/** Spec 000 §8: forgot-password errors show the server's message, else "Unknown error occurred". */
export function forgotPasswordErrorMessage(error: unknown): string {
  return isApiError(error) && error.message ? error.message : MESSAGES.unknownError;
}

/** Spec 000 §4 "Activation": the form when a password must be set, otherwise activate right away. */
export function decideActivationStart(strategy: Partial<ActivationStrategy>): 'activatingForm' | 'activate' {
  return strategy.shouldSetPassword === true ? 'activatingForm' : 'activate';
}

type ActivationOutcome = { kind: 'redirect'; url: string } | { kind: 'success' };

/** Spec 000 §4 "Activation": a redirectLocation wins; otherwise the success screen, then continue. */
export function decideAfterActivation(response: Pick<AuthResponse, 'redirectLocation'>): ActivationOutcome {
  return response.redirectLocation
    ? { kind: 'redirect', url: response.redirectLocation }
    : { kind: 'success' };
}
