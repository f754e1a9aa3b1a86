import { isApiError } from '../api/errors';
import { isAuthRoute, type AuthRoutes } from '../config/routes';

/** Spec 000 §9: after a successful impersonation the page pauses this long, then reloads. */
export const IMPERSONATION_RELOAD_DELAY_MS = 1000;
/** Spec 000 §4 "Logout", §9: a silent logout calls its callback after this long by default. */
export const SILENT_LOGOUT_CALLBACK_MS = 500;
/** Spec 000 §7, §9: the profile is fetched with 3 attempts, 2000 ms apart. */
export const PROFILE_FETCH_ATTEMPTS = 3;
export const PROFILE_FETCH_INTERVAL_MS = 2000;

/** Impersonation screens (spec 000 §2). */
export type ImpersonateStep = 'impersonating' | 'success';

/**
 * Whether a failed profile fetch is worth another attempt: network failures and server errors
 * (5xx) may pass; an answer about the request itself (4xx: no session, forbidden) will not change.
 */
export function isProfileFetchRetryable(error: unknown): boolean {
  return !isApiError(error) || error.status >= 500;
}

/** The local flag that asks for quick-login registration after the next sign-in (spec 000 §4). */
export const REGISTER_QUICK_LOGIN_KEY = 'register-quick-login';
/** The per-user marker saying that user has registered (or declined) quick login. */
export const quickLoginMarkerKey = (userId: string): string => `${userId}-${REGISTER_QUICK_LOGIN_KEY}`;

/**
 * Spec 000 §4 "Quick-login registration": the flag switches the flow to RegisterQuickLogin, unless
 * the signed-in user's marker says it is done. The caller clears the flag after the login either way.
 */
export function decideQuickLoginFlow(input: {
  flag: string | null;
  markerDone: boolean;
}): 'Login' | 'RegisterQuickLogin' {
  return input.flag && input.flag.trim() && !input.markerDone ? 'RegisterQuickLogin' : 'Login';
}

/** Where the stored pre-login URL lives (this tab only; set by loginWithRedirect). */
export const PRE_LOGIN_URL_KEY = 'auth-elements.preLoginUrl';

/**
 * Spec 000 §4 "Post-login destination": a stored pre-login URL is not used when it is the login,
 * logout, social-callback or activate route (going back there would loop or undo the sign-in).
 */
export function isExcludedPreLoginUrl(
  url: string,
  routes: Pick<AuthRoutes, 'loginUrl' | 'logoutUrl' | 'socialLoginCallbackUrl' | 'activateUrl'>,
): boolean {
  const { loginUrl, logoutUrl, socialLoginCallbackUrl, activateUrl } = routes;
  return isAuthRoute(url, { loginUrl, logoutUrl, socialLoginCallbackUrl, activateUrl } as AuthRoutes);
}
