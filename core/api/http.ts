import type { RequestSource, ResolvedOptions } from '../config/options';
import { baseHeaders, takeEarly } from '../session/early';
import { ApiError } from './errors';
import type { Logger } from './logger';
import { MESSAGES, statusMessage } from './messages';

/** A fetch-shaped function: the browser's fetch, or the in-browser demo backend. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The login-alias header of the contract (the base headers: core/session/early.ts). The names are
 * those existing backends of this contract read (like the default `frontegg` prefix).
 */
const LOGIN_ALIAS_HEADER = 'frontegg-login-alias';

interface HttpClientDeps {
  options: ResolvedOptions;
  requestSource: RequestSource;
  /** The in-memory access token, read at call time. */
  getAccessToken: () => string | undefined;
  transport: Transport;
  logger: Logger;
  /** Where a 302 answer sends the browser. */
  navigate: (url: string) => void;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Overrides the configured credentials, e.g. `include` for calls that carry the refresh cookie. */
  credentials?: RequestCredentials;
  headers?: Record<string, string>;
  /**
   * Statuses that are this call's expected "nothing there" answer (no session to restore, no SSO
   * for an email): still thrown as ApiError, but logged at debug level, not as a warning.
   */
  expected?: readonly number[];
  /** The success body as text, not parsed (a file download such as the audits CSV). */
  raw?: boolean;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** The same client sending another request-source header (unless the host fixed one in the options). */
  withRequestSource(source: RequestSource): HttpClient;
}

/** `{baseUrl}/{prefix}{path}?query`, skipping empty query values. */
export function buildUrl(
  options: Pick<ResolvedOptions, 'baseUrl' | 'urlPrefix'>,
  path: string,
  query?: RequestOptions['query'],
): string {
  const prefix = options.urlPrefix ? `/${options.urlPrefix}` : '';
  const url = `${options.baseUrl}${prefix}${path.startsWith('/') ? path : `/${path}`}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * The page's `?loginAlias=` (the address the portal's custom login tab gives an account), used
 * when the host resolves no alias itself. Sent as given: the server answers an alias that names no
 * account with a 404 rather than signing in by the application's rules.
 */
function loginAliasOfPage(): string | undefined {
  const search = (globalThis as { location?: { search?: string } }).location?.search ?? '';
  return new URLSearchParams(search).get('loginAlias')?.trim() || undefined;
}

async function resolveHeaders(
  deps: HttpClientDeps,
  extra?: Record<string, string>,
): Promise<Record<string, string>> {
  const { options } = deps;
  const headers = baseHeaders(deps.requestSource, options.framework);
  const token = (options.tokenResolver ? await options.tokenResolver() : undefined) ?? deps.getAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const alias = options.tenantResolver ? await options.tenantResolver() : loginAliasOfPage();
  if (alias) headers[LOGIN_ALIAS_HEADER] = alias;
  return { ...headers, ...extra };
}

/**
 * The message of a non-OK answer (spec 000 §8): the joined `errors` list, else a JSON string body,
 * else "Error {status} - {statusText}". Only a body that is present and is not valid JSON gives the
 * generic "unparseable" message; an empty (or blank) body has nothing to parse and gets the status
 * message, like a JSON body without an `errors` list. With the message come the answer's error codes
 * (`errorCodes`, one per message: docs/contract.md "Error codes"), when it has them.
 */
function failureOf(
  status: number,
  statusText: string,
  bodyText: string,
): { message: string; codes?: string[]; messages?: string[] } {
  if (status === 413) return { message: MESSAGES.requestTooLarge, codes: ['REQUEST_TOO_LARGE'] };
  if (!bodyText.trim()) return { message: statusMessage(status, statusText) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    return { message: MESSAGES.generic };
  }
  if (parsed && typeof parsed === 'object' && Array.isArray((parsed as { errors?: unknown }).errors)) {
    const { errors, errorCodes } = parsed as { errors: unknown[]; errorCodes?: unknown };
    const messages = errors.map(String);
    const codes =
      Array.isArray(errorCodes) && errorCodes.length === messages.length ? errorCodes.map(String) : undefined;
    return { message: messages.join(', '), codes, messages };
  }
  if (typeof parsed === 'string') return { message: parsed };
  return { message: statusMessage(status, statusText) };
}

/** A 302 body holds the address, as text or as a JSON string or `{ address }`. */
function redirectAddress(response: Response, bodyText: string): string | undefined {
  const header = response.headers.get('location');
  if (header) return header;
  const text = bodyText.trim();
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'string') return parsed;
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as { address?: unknown }).address === 'string'
    ) {
      return (parsed as { address: string }).address;
    }
  } catch {
    // not JSON: the text itself is the address
  }
  return text;
}

/** The apps (by their options) already told that the browser could not complete a call. */
const toldUnreachable = new WeakSet<ResolvedOptions>();

/**
 * A fetch that rejects (a TypeError: "Failed to fetch") never reached the kit's code with an
 * answer: the browser blocked it (most often CORS: this page's origin is not allowed by the server)
 * or the server did not answer. The user sees the catalogue's generic message; the integrator,
 * once per app, what to check.
 */
function tellUnreachable(options: ResolvedOptions, method: HttpMethod, url: string): void {
  if (toldUnreachable.has(options)) return;
  toldUnreachable.add(options);
  const origin = globalThis.location?.origin;
  const page = origin && origin !== 'null' ? origin : "this page's origin";
  console.warn(
    `[auth-elements] The browser blocked or could not complete ${method} ${url}. If the server is running, it does not allow calls from ${page} (CORS): add ${page} to CORS_ORIGINS on the Auth Elements reference server, or to your backend's allowed origins, and check the base URL (${options.baseUrl}).`,
  );
}

/**
 * Apps whose backend refused the optional `Prefer` header (core/api/auth.ts QUIET_ABSENCE): a
 * backend of the contract whose CORS allow-list lacks it refuses the preflight, and the browser
 * rejects the fetch. The call is made again without it, and the app sends it no more.
 */
const withoutPreferences = new WeakSet<ResolvedOptions>();

/** The one HTTP client every call of the kit goes through (spec 000 §7 preamble and §8). */
export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const { options, logger } = deps;

  async function request<T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<T> {
    const url = buildUrl(options, path, opts.query);
    const headers = await resolveHeaders(deps, opts.headers);
    const prefers = 'prefer' in headers;
    if (prefers && withoutPreferences.has(options)) delete headers.prefer;
    const init: RequestInit = {
      method,
      headers,
      credentials: opts.credentials ?? options.requestCredentials,
    };
    // A form (a file upload) goes as it is: the browser writes its multipart type and boundary.
    if (opts.body instanceof FormData) {
      init.body = opts.body;
      delete (init.headers as Record<string, string>)['content-type'];
    } else if (opts.body !== undefined) init.body = JSON.stringify(opts.body);
    logger.debug(method, url);

    let response: Response;
    try {
      // The loader may have sent this very request already (core/session/early.ts): its answer.
      response = await (takeEarly(method, url, init) ?? deps.transport(url, init));
    } catch (error) {
      const blocked = (error as { name?: string } | null)?.name === 'TypeError';
      if (blocked && prefers && !withoutPreferences.has(options)) {
        withoutPreferences.add(options);
        return request(method, path, opts);
      }
      if (blocked) tellUnreachable(options, method, url);
      throw error;
    }
    const bodyText = await response.text().catch(() => '');

    if (response.status === 302) {
      const address = redirectAddress(response, bodyText);
      if (address) deps.navigate(address);
      return {} as T;
    }
    if (!response.ok) {
      const { message, codes, messages } = failureOf(response.status, response.statusText, bodyText);
      if (response.status >= 500) logger.error(`${method} ${url} failed: ${response.status}`, message);
      else if (opts.expected?.includes(response.status))
        logger.debug(`${method} ${url}: ${response.status}`, message);
      else logger.warn(`${method} ${url} failed: ${response.status}`, message);
      throw new ApiError(message, response.status, codes, messages);
    }
    if (opts.raw) return bodyText as T;
    if (!bodyText) return {} as T;
    try {
      return JSON.parse(bodyText) as T;
    } catch {
      return {} as T; // a success body that is not JSON counts as an empty object
    }
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    patch: (path, body, opts) => request('PATCH', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
    withRequestSource: (source) =>
      createHttpClient({ ...deps, requestSource: options.requestSource ?? source }),
  };
}
