import type { AuthRoutes } from '../config/routes';
import { isAuthRoute } from '../config/routes';

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
  const secondLevel = labels.length >= 3 && /^[a-z]{2}$/.test(labels.at(-1)!) && ['co', 'com', 'net', 'org', 'gov', 'edu', 'ac'].includes(labels.at(-2)!);
  return labels.slice(secondLevel ? -3 : -2).join('.');
}

/**
 * Whether sign-in may send the user to `target` (spec 000 §2, §4): http(s) only, and same-site
 * with the current page (same scheme and site) or an origin of the allow-list.
 */
export function isRedirectAllowed(target: string, currentUrl: string, allowedOrigins: readonly string[] = []): boolean {
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
  | { kind: 'stay' }
  | { kind: 'navigate'; url: string; warning?: 'redirectNotAllowed' };

/**
 * Where a successful sign-in goes (spec 000 §4 "Post-login destination"):
 * - a `redirectUrl` on the page, when allowed; when not, the authenticated URL and a warning;
 *   a redirect to the login, logout, social-callback or activate route (or any other auth route)
 *   is not followed either: the authenticated URL is used, so sign-in never loops;
 * - otherwise, on the login route, the authenticated URL (the custom-login one with custom login);
 * - otherwise the box is embedded in a page of the host's: it stays and shows the signed-in state.
 */
export function decidePostLogin(input: {
  currentUrl: string;
  routes: AuthRoutes;
  allowedOrigins?: readonly string[];
  customLogin?: boolean;
}): PostLoginDecision {
  const current = new URL(input.currentUrl);
  const home = input.customLogin ? input.routes.customLoginAuthenticatedUrl ?? input.routes.authenticatedUrl : input.routes.authenticatedUrl;
  const redirectUrl = current.searchParams.get('redirectUrl');
  if (redirectUrl) {
    if (!isRedirectAllowed(redirectUrl, input.currentUrl, input.allowedOrigins)) return { kind: 'navigate', url: home, warning: 'redirectNotAllowed' };
    const target = new URL(redirectUrl, current);
    const sameOrigin = target.origin === current.origin;
    if (sameOrigin && isAuthRoute(target.pathname, input.routes)) return { kind: 'navigate', url: home };
    return { kind: 'navigate', url: sameOrigin ? `${target.pathname}${target.search}${target.hash}` : target.href };
  }
  const onLoginRoute = current.pathname.replace(/\/+$/, '') === input.routes.loginUrl.replace(/\/+$/, '');
  return onLoginRoute ? { kind: 'navigate', url: home } : { kind: 'stay' };
}
