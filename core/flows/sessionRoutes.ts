import type { AuthRoutes } from '../config/routes';
import { isRedirectAllowed } from './postLogin';

/*
 * Decisions of the impersonation and logout routes. Only their lazily loaded screens use them, so
 * this file stays out of the shared chunk (rollup.config.mjs).
 */

/** Who to impersonate, from the impersonation route's query (`?userId=..&tenantId=..`). */
export interface ImpersonationRequest {
  userId: string;
  tenantId?: string;
}

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
 * Where the logout route goes once signed out: an allowed `redirectUrl` of its query string
 * (same-site or allow-listed, as after sign-in), else the login URL; a refused one is warned about.
 */
export function decideAfterLogout(input: {
  currentUrl: string;
  routes: Pick<AuthRoutes, 'loginUrl'>;
  allowedOrigins?: readonly string[];
}): { url: string; warning?: 'redirectNotAllowed' } {
  const redirectUrl = new URL(input.currentUrl).searchParams.get('redirectUrl');
  if (!redirectUrl) return { url: input.routes.loginUrl };
  if (!isRedirectAllowed(redirectUrl, input.currentUrl, input.allowedOrigins))
    return { url: input.routes.loginUrl, warning: 'redirectNotAllowed' };
  return { url: new URL(redirectUrl, input.currentUrl).href };
}
