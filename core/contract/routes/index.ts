/**
 * The route table: every route of the HTTP contract, one descriptor each (descriptor.ts), one file
 * per area. The only table keyed by `METHOD path`: the server registers handlers against it, the
 * demo backend and the tests read it. A key written twice fails here, when the module loads.
 */
import * as account from './account';
import * as audits from './audits';
import * as auditStreams from './audit-streams';
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
import * as usage from './usage';
import type { RouteDescriptor } from './descriptor';

export type { AuditEntry, RouteDescriptor } from './descriptor';
export { accessNeeded } from './descriptor';

/** Every descriptor's export name (unique across the area files), e.g. `postConfigurationsMfaPolicy`. */
export type RouteName =
  | keyof typeof account
  | keyof typeof audits
  | keyof typeof auditStreams
  | keyof typeof billing
  | keyof typeof connectivity
  | keyof typeof directory
  | keyof typeof hierarchy
  | keyof typeof mfa
  | keyof typeof mfaSignIn
  | keyof typeof notifications
  | keyof typeof oauth
  | keyof typeof platform
  | keyof typeof reports
  | keyof typeof restrictions
  | keyof typeof roles
  | keyof typeof root
  | keyof typeof security
  | keyof typeof signIn
  | keyof typeof sso
  | keyof typeof ssoSignIn
  | keyof typeof team
  | keyof typeof tokens
  | keyof typeof usage;

const AREAS = [
  account,
  audits,
  auditStreams,
  billing,
  connectivity,
  directory,
  hierarchy,
  mfa,
  mfaSignIn,
  notifications,
  oauth,
  platform,
  reports,
  restrictions,
  roles,
  root,
  security,
  signIn,
  sso,
  ssoSignIn,
  team,
  tokens,
  usage,
];

/** Every route, area by area (each area file exports its descriptors and nothing else). */
export const ROUTES: readonly RouteDescriptor[] = AREAS.flatMap((area) => Object.values(area));

const NAMES = new Map<RouteDescriptor, RouteName>(
  AREAS.flatMap((area) => Object.entries(area) as Array<[RouteName, RouteDescriptor]>).map(
    ([name, route]) => [route, name],
  ),
);

/** A descriptor's export name (the demo backend keys its handlers by it). */
export function routeName(route: RouteDescriptor): RouteName {
  return NAMES.get(route)!;
}

const BY_NAME = new Map<RouteName, RouteDescriptor>([...NAMES].map(([route, name]) => [name, route]));

/** The descriptor exported as `name` (the server registers the shared handlers by it). */
export function routeNamed(name: RouteName): RouteDescriptor {
  return BY_NAME.get(name)!;
}

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

/** A request's route and its path parameters (`:name`, and `*` for a wildcard's rest). */
interface RouteMatch {
  route: RouteDescriptor;
  params: Record<string, string>;
  /** The path as the descriptor is written: without the API prefix, if it came behind one. */
  path: string;
}

interface Pattern {
  route: RouteDescriptor;
  parts: string[];
  wildcard: boolean;
}

const BY_METHOD = new Map<string, Pattern[]>();
for (const route of ROUTES) {
  const parts = route.path.split('/');
  const wildcard = parts[parts.length - 1] === '*';
  const list = BY_METHOD.get(route.method) ?? [];
  list.push({ route, parts: wildcard ? parts.slice(0, -1) : parts, wildcard });
  BY_METHOD.set(route.method, list);
}

/**
 * Matches `path` against the patterns `accept` lets through. As the server's router: a fixed
 * segment wins over a parameter at the first place they differ (`.../enroll/verify` is not
 * `.../:deviceId/verify`); a parameter is never empty.
 */
function find(method: string, path: string, accept: (pattern: Pattern) => boolean): RouteMatch | null {
  const given = path.split('/');
  let best: { match: RouteMatch; rank: string } | null = null;
  for (const pattern of BY_METHOD.get(method.toUpperCase()) ?? []) {
    const { parts, wildcard } = pattern;
    if (!accept(pattern) || (wildcard ? given.length < parts.length : given.length !== parts.length))
      continue;
    const params: Record<string, string> = {};
    let rank = '';
    let fits = true;
    for (let i = 0; i < parts.length && fits; i += 1) {
      const part = parts[i]!;
      const value = given[i]!;
      if (part.startsWith(':') && value) {
        params[part.slice(1)] = safeDecode(value);
        rank += '1';
      } else if (part === value) rank += '2';
      else fits = false;
    }
    if (!fits) continue;
    if (wildcard) params['*'] = given.slice(parts.length).join('/');
    if (!best || rank > best.rank) best = { match: { route: pattern.route, params, path }, rank };
  }
  return best?.match ?? null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The route of a request, as the server registers the table: `path` is either a contract path as
 * the descriptors write it (a root route's path, or an API route's without the prefix), or an API
 * route behind its one-segment prefix (`/frontegg/identity/...`). A root wildcard (the static
 * files) answers only what no other route does.
 */
export function matchRoute(method: string, path: string): RouteMatch | null {
  const slash = path.indexOf('/', 1);
  return (
    find(method, path, (p) => !p.wildcard) ??
    (slash > 0 ? find(method, path.slice(slash), (p) => !p.wildcard && !p.route.root) : null) ??
    find(method, path, (p) => p.wildcard && Boolean(p.route.root))
  );
}
