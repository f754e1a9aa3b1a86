import { ASSETS_VERSION } from '../version';

/**
 * Requests the CDN loader starts before the element bundle has arrived (the session check and the
 * public policy of a sign-in page), and the hand-off to the store: the HTTP client takes the early
 * answer instead of asking again, but only for the very request it would send (method, URL,
 * credentials and headers equal, no body). Anything else (another app configuration given in
 * JavaScript, a token resolver's header) does not match and is asked for normally.
 */
const EARLY_KEY = Symbol.for(`auth-elements.early@${ASSETS_VERSION}`);

interface EarlyRequest {
  method: string;
  url: string;
  credentials: RequestCredentials;
  headers: Record<string, string>;
  /** A public read answers the same with or without the access token the store may hold by then. */
  publicRead: boolean;
  response: Promise<Response>;
}
type Scope = typeof globalThis & { [EARLY_KEY]?: EarlyRequest[] };

/** The contract's header names and the kit's values: the HTTP client's base headers. */
const SDK_HEADER = 'x-frontegg-sdk';
export function baseHeaders(requestSource: string, framework: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'frontegg-source': requestSource,
    [SDK_HEADER]: `auth-elements@${ASSETS_VERSION}`,
    'x-frontegg-framework': framework,
  };
}

/** The calls a sign-in form starts with (core/api/auth.ts and core/api/configurations.ts). */
const REFRESH_PATH = '/identity/resources/auth/v1/user/token/refresh';
const POLICY_PATH = '/identity/resources/configurations/v1/public';

/** Starts a request now and keeps its answer for the store (the loader's side). */
function startEarly(
  method: string,
  url: string,
  credentials: RequestCredentials,
  headers: Record<string, string>,
  publicRead = false,
): void {
  const response = fetch(url, { method, credentials, headers });
  // Unused or failed: whoever takes it sees the failure; nobody else must.
  response.catch(() => {});
  ((globalThis as Scope)[EARLY_KEY] ??= []).push({ method, url, credentials, headers, publicRead, response });
}

function sameHeaders(early: EarlyRequest, sent: Record<string, string>): boolean {
  const keys = Object.keys(sent).filter((key) => !(early.publicRead && key === 'authorization'));
  return (
    keys.length === Object.keys(early.headers).length && keys.every((key) => early.headers[key] === sent[key])
  );
}

/** The early answer to exactly this request, once (the HTTP client's side); undefined otherwise. */
export function takeEarly(method: string, url: string, init: RequestInit): Promise<Response> | undefined {
  const list = (globalThis as Scope)[EARLY_KEY];
  if (!list?.length || init.body !== undefined) return undefined;
  const index = list.findIndex(
    (early) =>
      early.method === method &&
      early.url === url &&
      early.credentials === init.credentials &&
      sameHeaders(early, (init.headers ?? {}) as Record<string, string>),
  );
  return index < 0 ? undefined : list.splice(index, 1)[0]?.response;
}

/**
 * The loader's early calls for a login box whose API is at `api` (base URL and prefix): the public
 * policy, and the session check when this browser has seen a session. They are sent as the HTTP
 * client would send them for that box (core/api/auth.ts refreshToken, core/api/configurations.ts
 * getPublicPolicy); core/session/early.test.ts checks that the store takes them.
 */
export function startSignInCalls(api: string, credentials: RequestCredentials, hasSession: boolean): void {
  const headers = baseHeaders('login-box', 'vanillajs');
  if (hasSession) startEarly('POST', api + REFRESH_PATH, 'include', { ...headers, prefer: 'quiet-absence' });
  startEarly('GET', api + POLICY_PATH, credentials, headers, true);
}
