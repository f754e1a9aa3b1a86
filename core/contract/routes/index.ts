/**
 * The route table: every route of the HTTP contract, one descriptor each (descriptor.ts), one file
 * per area. The only table keyed by `METHOD path`: the server registers handlers against it, the
 * demo backend and the tests read it. A key written twice fails here, when the module loads.
 */
import * as account from './account';
import * as audits from './audits';
import * as billing from './billing';
import * as connectivity from './connectivity';
import * as directory from './directory';
import * as hierarchy from './hierarchy';
import * as mfa from './mfa';
import * as mfaSignIn from './mfa-sign-in';
import * as notifications from './notifications';
import * as oauth from './oauth';
import * as platform from './platform';
import * as reports from './reports';
import * as restrictions from './restrictions';
import * as roles from './roles';
import * as root from './root';
import * as security from './security';
import * as signIn from './sign-in';
import * as sso from './sso';
import * as ssoSignIn from './sso-sign-in';
import * as team from './team';
import * as tokens from './tokens';
import type { RouteDescriptor } from './descriptor';

export type { AuditEntry, RouteDescriptor } from './descriptor';

/** Every route, area by area (each area file exports its descriptors and nothing else). */
export const ROUTES: readonly RouteDescriptor[] = [
  ...Object.values(account),
  ...Object.values(audits),
  ...Object.values(billing),
  ...Object.values(connectivity),
  ...Object.values(directory),
  ...Object.values(hierarchy),
  ...Object.values(mfa),
  ...Object.values(mfaSignIn),
  ...Object.values(notifications),
  ...Object.values(oauth),
  ...Object.values(platform),
  ...Object.values(reports),
  ...Object.values(restrictions),
  ...Object.values(roles),
  ...Object.values(root),
  ...Object.values(security),
  ...Object.values(signIn),
  ...Object.values(sso),
  ...Object.values(ssoSignIn),
  ...Object.values(team),
  ...Object.values(tokens),
];

const routeKey = (method: string, path: string): string => `${method} ${path}`;

/** Builds the lookup; throws on a key written twice. */
export function indexRoutes(routes: readonly RouteDescriptor[]): ReadonlyMap<string, RouteDescriptor> {
  const byKey = new Map<string, RouteDescriptor>();
  for (const route of routes) {
    const key = routeKey(route.method, route.path);
    if (byKey.has(key)) throw new Error(`The route table names ${key} twice`);
    byKey.set(key, route);
  }
  return byKey;
}

const BY_KEY = indexRoutes(ROUTES);

/** The descriptor of `METHOD path` (the path as registered, without the API prefix). */
export function routeOf(method: string, path: string): RouteDescriptor | undefined {
  return BY_KEY.get(routeKey(method, path));
}
