import type { AuthRoutes } from '../../core/config/routes';

function pathOf(url: string): string {
  const path = new URL(url, 'http://route.invalid').pathname;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The routes that hide the provider's children, as the host configured them. */
type HidingRoutes = Partial<Pick<AuthRoutes, 'authenticatedUrl' | 'signUpSuccessUrl'>>;

/**
 * Spec 000 §2: "The wrapped content is hidden on pages whose path equals the authenticated URL or
 * the sign-up-success URL." Only routes the host configured count: the authenticated URL's default
 * path is `/`, where a host's own app lives, and hiding it there would leave a blank page (the
 * reading hosts expect: the app shows at `/` unless they point `authenticatedUrl` at a page the kit
 * owns). The sign-up-success URL has no default path (spec: not shown). Answers which route hides
 * the path, or null.
 */
export function hidingRoute(pathname: string, routes: HidingRoutes): keyof HidingRoutes | null {
  const path = pathOf(pathname);
  if (routes.authenticatedUrl && path === pathOf(routes.authenticatedUrl)) return 'authenticatedUrl';
  if (routes.signUpSuccessUrl && path === pathOf(routes.signUpSuccessUrl)) return 'signUpSuccessUrl';
  return null;
}

/** Whether the provider hides its children on `pathname` with these (host-configured) routes. */
export function isWrappedContentHidden(pathname: string, routes: HidingRoutes): boolean {
  return hidingRoute(pathname, routes) !== null;
}

/** The console line when children are hidden: what hides them and how to show them. */
export function hiddenContentMessage(pathname: string, route: keyof HidingRoutes): string {
  return `[auth-elements] AuthElementsProvider hides its children on ${pathOf(pathname)}: it is contextOptions.routes.${route} (spec 000 §2 hides the wrapped content there). To show them on this page, set routes.${route} to another path.`;
}
