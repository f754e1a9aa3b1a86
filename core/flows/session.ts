import { isApiError } from '../api/errors';
import type { AuthRoutes } from '../config/routes';
import { isRedirectAllowed } from './postLogin';

/** Spec 000 §9: after a successful impersonation the page pauses this long, then reloads. */
export const IMPERSONATION_RELOAD_DELAY_MS = 1000;
/** Spec 000 §4 "Logout", §9: a silent logout calls its callback after this long by default. */
export const SILENT_LOGOUT_CALLBACK_MS = 500;
/** Spec 000 §7, §9: the profile is fetched with 3 attempts, 2000 ms apart. */
export const PROFILE_FETCH_ATTEMPTS = 3;
export const PROFILE_FETCH_INTERVAL_MS = 2000;

/** Impersonation screens (spec 000 §2). */
export type ImpersonateStep = 'impersonating' | 'success';

/** Who to impersonate, from the impersonation route's query (`?userId=..&tenantId=..`). */
export interface ImpersonationRequest { userId: string; tenantId?: string }

const ID_MAX_LENGTH = 100;

/**
 * The impersonation request of the route's query string, or null when there is no usable userId
 * (missing, empty or longer than any id): such a link is refused before any request is sent.
 */
export function readImpersonationRequest(search: string): ImpersonationRequest | null {
  const params = new URLSearchParams(search);
  const userId = params.get('userId')?.trim() ?? '';
  const tenantId = params.get('tenantId')?.trim() ?? '';
  if (!userId || userId.length > ID_MAX_LENGTH || tenantId.length > ID_MAX_LENGTH) return null;
  return tenantId ? { userId, tenantId } : { userId };
}

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
export function decideQuickLoginFlow(input: { flag: string | null; markerDone: boolean }): 'Login' | 'RegisterQuickLogin' {
  return input.flag && input.flag.trim() && !input.markerDone ? 'RegisterQuickLogin' : 'Login';
}

/** Where the stored pre-login URL lives (this tab only; set by loginWithRedirect). */
export const PRE_LOGIN_URL_KEY = 'auth-elements.preLoginUrl';

/**
 * Spec 000 §4 "Post-login destination": a stored pre-login URL is not used when it is the login,
 * logout, social-callback or activate route (going back there would loop or undo the sign-in).
 */
export function isExcludedPreLoginUrl(url: string, routes: Pick<AuthRoutes, 'loginUrl' | 'logoutUrl' | 'socialLoginCallbackUrl' | 'activateUrl'>): boolean {
  const path = (value: string) => {
    const p = new URL(value, 'http://route.invalid').pathname;
    return p.length > 1 ? p.replace(/\/+$/, '') : p;
  };
  const target = path(url);
  return [routes.loginUrl, routes.logoutUrl, routes.socialLoginCallbackUrl, routes.activateUrl].some((route) => path(route) === target);
}

/**
 * Where the logout route goes once signed out: an allowed `redirectUrl` of its query string
 * (same-site or allow-listed, as after sign-in), else the login URL; a refused one is warned about.
 */
export function decideAfterLogout(input: { currentUrl: string; routes: Pick<AuthRoutes, 'loginUrl'>; allowedOrigins?: readonly string[] }): { url: string; warning?: 'redirectNotAllowed' } {
  const redirectUrl = new URL(input.currentUrl).searchParams.get('redirectUrl');
  if (!redirectUrl) return { url: input.routes.loginUrl };
  if (!isRedirectAllowed(redirectUrl, input.currentUrl, input.allowedOrigins)) return { url: input.routes.loginUrl, warning: 'redirectNotAllowed' };
  return { url: new URL(redirectUrl, input.currentUrl).href };
}
