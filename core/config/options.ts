import type { AuthRoutes } from './routes';
import { resolveRoutes } from './routes';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type RequestSource = 'admin-portal' | 'login-box';
export type FrameworkName =
  'nextjs' | 'react' | 'angular' | 'vuejs' | 'flutter' | 'ios' | 'android' | 'vanillajs';

/** What a host gives the kit (spec 000 §1 and §7). Only `baseUrl` is required. */
export interface ContextOptions {
  /** Where the identity server lives, e.g. `https://auth.example.com`. Required unless in demo mode. */
  baseUrl?: string;
  /** Path prefix in front of every API path. Default `frontegg`, so existing backends work unchanged. */
  urlPrefix?: string;
  /** `fetch` credentials for ordinary calls. Default `same-origin` (spec 000 §7). */
  requestCredentials?: RequestCredentials;
  /** Default `error` (spec 000 §1). */
  logLevel?: LogLevel;
  /** Supplies the bearer token instead of the store (e.g. a host that holds its own token). */
  tokenResolver?: () => string | undefined | null | Promise<string | undefined | null>;
  /** Resolves the tenant's login alias, sent as the login-alias header. */
  tenantResolver?: () => string | undefined | null | Promise<string | undefined | null>;
  /** The request-source header value; by default the element's own (`login-box` or `admin-portal`). */
  requestSource?: RequestSource;
  /** The framework header value. Default `vanillajs` for elements. */
  framework?: FrameworkName;
  /** Answer every flow in the browser from sample data, with no request to any server. */
  demoMode?: boolean;
  routes?: Partial<AuthRoutes>;
  /** Origins a `redirectUrl` may send the user to after sign-in, besides the page's own site. */
  allowedRedirectOrigins?: string[];
  /** Hosted login: sign-in on the identity server's page (authorization code + PKCE), see docs/hosts.md. */
  hostedLogin?: HostedLoginOptions;
}

export interface HostedLoginOptions {
  /** The client id registered with the identity server. */
  clientId: string;
  /** Try the silent authorize before redirecting to the hosted page. Default true. */
  silentRefresh?: boolean;
  /** Sent as `organization` with the authorization request. */
  organization?: string;
  /** Sent as `tenantId` with the authorization request. */
  tenantId?: string;
}

export interface ResolvedOptions {
  baseUrl: string;
  urlPrefix: string;
  requestCredentials: RequestCredentials;
  logLevel: LogLevel;
  tokenResolver: ContextOptions['tokenResolver'];
  tenantResolver: ContextOptions['tenantResolver'];
  requestSource: RequestSource | undefined;
  framework: FrameworkName;
  demoMode: boolean;
  routes: AuthRoutes;
  allowedRedirectOrigins: string[];
  hostedLogin: HostedLoginOptions | undefined;
}

const DEFAULT_URL_PREFIX = 'frontegg';
const DEFAULT_LOG_LEVEL: LogLevel = 'error';

/**
 * The message of spec 000 §1 / §8 "Missing base URL": the product refuses to start, clears the page
 * and raises an alert telling the integrator to set the base URL option of the provider component.
 */
export const MISSING_BASE_URL_MESSAGE =
  'Auth Elements cannot start: set the baseUrl option of the AuthElementsProvider component (or the base-url attribute of the element) to connect your application.';

export class MissingBaseUrlError extends Error {
  readonly kind = 'MissingBaseUrlError';
  constructor() {
    super(MISSING_BASE_URL_MESSAGE);
    this.name = 'MissingBaseUrlError';
  }
}

/** Base URL the demo backend pretends to be; it is never contacted. */
export const DEMO_BASE_URL = 'https://demo.auth-elements.invalid';

/**
 * Fills the defaults. Throws MissingBaseUrlError when there is no base URL: demo mode is the one
 * exception (it never connects to anything), a choice written down in docs/architecture.md.
 */
export function resolveOptions(options: ContextOptions): ResolvedOptions {
  const demoMode = options.demoMode === true;
  const baseUrl = options.baseUrl?.trim() || (demoMode ? DEMO_BASE_URL : '');
  if (!baseUrl) throw new MissingBaseUrlError();
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    urlPrefix: (options.urlPrefix ?? DEFAULT_URL_PREFIX).replace(/^\/+|\/+$/g, ''),
    requestCredentials: options.requestCredentials ?? 'same-origin',
    logLevel: options.logLevel ?? DEFAULT_LOG_LEVEL,
    tokenResolver: options.tokenResolver,
    tenantResolver: options.tenantResolver,
    requestSource: options.requestSource,
    framework: options.framework ?? 'vanillajs',
    demoMode,
    routes: resolveRoutes(options.routes),
    allowedRedirectOrigins: options.allowedRedirectOrigins ?? [],
    hostedLogin: options.hostedLogin?.clientId ? options.hostedLogin : undefined,
  };
}

/**
 * Spec 000 §1: without a base URL the product clears the page and raises an alert. Kept apart from
 * resolveOptions so that the rule itself stays testable without a DOM.
 */
export function refuseToStart(doc: Document | undefined = globalThis.document): void {
  console.error(MISSING_BASE_URL_MESSAGE);
  if (!doc) return;
  doc.body?.replaceChildren();
  doc.defaultView?.alert(MISSING_BASE_URL_MESSAGE);
}
