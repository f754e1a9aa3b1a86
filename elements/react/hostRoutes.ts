import type { AuthRoutes } from '../../core/config/routes';

function pathOf(url: string): string {
  const path = new URL(url, 'http://route.invalid').pathname;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * Spec 000 §2: "The wrapped content is hidden on pages whose path equals the authenticated URL or
 * the sign-up-success URL." The sign-up-success URL has no default path (spec: not shown), so
 * without one configured only the authenticated URL counts.
 */
export function isWrappedContentHidden(
  pathname: string,
  routes: Pick<AuthRoutes, 'authenticatedUrl' | 'signUpSuccessUrl'>,
): boolean {
  const path = pathOf(pathname);
  return (
    path === pathOf(routes.authenticatedUrl) ||
    (!!routes.signUpSuccessUrl && path === pathOf(routes.signUpSuccessUrl))
  );
}
