import type { AuthRoutes } from '../config/routes';
import { isAuthRoute } from '../config/routes';
import { isExcludedPreLoginUrl } from './session';

/**
 * The site of a host name: its registrable domain, approximated without the Public Suffix List
 * (which would cost the bundle ~40 KB): the last two labels, or three when the second-to-last is a
 * common second-level registry under a country code (example.co.uk). IP addresses and single-label
 * hosts (localhost) are their own site.
 */
export function siteOf(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (/^\d+(\.\d+){3}$/.test(host) || host.startsWith('[') || !host.includes('.')) return host;
  const labels = host.split('.');
  const secondLevel =
    labels.length >= 3 &&
    /^[a-z]{2}$/.test(labels.at(-1)!) &&
    ['co', 'com', 'net', 'org', 'gov', 'edu', 'ac'].includes(labels.at(-2)!);
  return labels.slice(secondLevel ? -3 : -2).join('.');
}

/**
 * Whether sign-in may send the user to `target` (spec 000 §2, §4): http(s) only, and same-site
 * with the current page (same scheme and site) or an origin of the allow-list.
 */
export function isRedirectAllowed(
  target: string,
  currentUrl: string,
  allowedOrigins: readonly string[] = [],
): boolean {
  let url: URL;
  let current: URL;
  try {
    current = new URL(currentUrl);
    url = new URL(target, current);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (allowedOrigins.some((origin) => origin.replace(/\/+$/, '') === url.origin)) return true;
  return url.protocol === current.protocol && siteOf(url.hostname) === siteOf(current.hostname);
}

export type PostLoginDecision =
  { kind: 'stay' } | { kind: 'navigate'; url: string; warning?: 'redirectNotAllowed' };

/**
 * Where a successful sign-in goes (spec 000 §4 "Post-login destination"):
 * - a `redirectUrl` on the page, when allowed; when not, the authenticated URL and a warning;
 *   a redirect to the login, logout, social-callback or activate route (or any other auth route)
 *   is not followed either: the authenticated URL is used, so sign-in never loops;
 * - otherwise a stored pre-login URL (where loginWithRedirect found the user), unless it is the
 *   login, logout, social-callback or activate route, and only when same-site or allowed;
 * - otherwise, on the login route or the custom login URL, the authenticated URL (the custom-login
 *   authenticated URL when signing in from the custom login URL);
 * - otherwise the box is embedded in a page of the host's: it stays and shows the signed-in state.
 */
export function decidePostLogin(input: {
  currentUrl: string;
  routes: AuthRoutes;
  allowedOrigins?: readonly string[];
  customLogin?: boolean;
  /** The stored pre-login URL, if any. */
  storedUrl?: string | null;
}): PostLoginDecision {
  const current = new URL(input.currentUrl);
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  const here = trim(current.pathname);
  const customLoginPath = input.routes.customLoginUrl
    ? trim(new URL(input.routes.customLoginUrl, current).pathname)
    : null;
  // Custom login: the host's own login page (routes.customLoginUrl); sign-in from it goes to the
  // custom-login authenticated URL.
  const customLogin = input.customLogin ?? here === customLoginPath;
  const home = customLogin
    ? (input.routes.customLoginAuthenticatedUrl ?? input.routes.authenticatedUrl)
    : input.routes.authenticatedUrl;
  // An allowed target, as a path when it is on this origin; a refused one: home and the warning.
  const follow = (value: string): PostLoginDecision => {
    if (!isRedirectAllowed(value, input.currentUrl, input.allowedOrigins))
      return { kind: 'navigate', url: home, warning: 'redirectNotAllowed' };
    const target = new URL(value, current);
    if (target.origin !== current.origin) return { kind: 'navigate', url: target.href };
    return {
      kind: 'navigate',
      url: isAuthRoute(target.pathname, input.routes)
        ? home
        : `${target.pathname}${target.search}${target.hash}`,
    };
  };
  const redirectUrl = current.searchParams.get('redirectUrl');
  if (redirectUrl) return follow(redirectUrl);
  if (input.storedUrl && !isExcludedPreLoginUrl(input.storedUrl, input.routes))
    return follow(input.storedUrl);
  const onLoginRoute = here === trim(input.routes.loginUrl) || here === customLoginPath;
  return onLoginRoute ? { kind: 'navigate', url: home } : { kind: 'stay' };
}
