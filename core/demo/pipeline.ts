/**
 * The demo backend's request pipeline: a fetch-shaped transport reads the request (JSON or a
 * multipart file, the bearer, the query), the route table's matcher finds the route, the
 * contract's request schemas check it as the server's do, the descriptor's access is checked
 * (core/demo/dispatch.ts), the handler an area registered under the descriptor's name answers
 * (a ContractError it throws is answered as the server answers it), an audited call is recorded,
 * and the data is stored after any write, a refused one too, and after a read that changed it.
 */
import { fail, failWith, type Answer } from '../contract/answer';
import { clientRequestBody, requestEntries } from '../contract/checkRequest';
import { contractError, contractErrors, errorBody, isContractError } from '../contract/errors';
import { matchRoute, routeName, type RouteName } from '../contract/routes';
import { tablesWritten, type DemoDatabase } from './data';
import { checkAccess, demoAudit, type DemoRequest, type Handler } from './dispatch';
import { aliasOfHeader, LOGIN_ALIAS_HEADER } from '../domain/login-alias';
import type { DemoTokens } from './sessions';
import { permissionKeysIn } from '../domain/member-grants';
import { demoTables } from './teamAdmin';

type Json = Record<string, unknown>;

interface PipelineDeps {
  /** The handler registered under a descriptor name; a lazy area's is a promise (core/demo/lazyAreas.ts). */
  handlerOf: (name: RouteName) => Handler | undefined | Promise<Handler | undefined>;
  tokens: DemoTokens;
  load: () => DemoDatabase;
  save: (db: DemoDatabase) => void;
  delay: () => number;
  now: () => number;
}

/**
 * The request's body: JSON, or `{}`, or a multipart body's one file as `file` (a Blob, which no JSON
 * body can give; none when not exactly one, as on the server); null when the JSON cannot be read.
 */
function bodyOf(init: RequestInit): Json | null {
  if (init.body instanceof FormData) {
    const files = [...init.body.values()].filter((value) => typeof value !== 'string');
    return files.length === 1 ? { file: files[0] } : {};
  }
  try {
    const body = typeof init.body === 'string' && init.body ? (JSON.parse(init.body) as unknown) : {};
    return !body || typeof body !== 'object' || Array.isArray(body) ? {} : (body as Json);
  } catch {
    return null;
  }
}

/** A handler's answer; a ContractError it throws is answered as the server answers it. */
async function answerOf(run: () => Promise<Answer>): Promise<Answer> {
  try {
    return await run();
  } catch (error) {
    if (isContractError(error)) return failWith(error);
    throw error;
  }
}

/** `handle` (one request of the contract) and `transport` (fetch-shaped, for the HTTP client). */
export function createDemoPipeline({ handlerOf, tokens, load, save, delay, now }: PipelineDeps) {
  // Requests read, change and store the data one at a time, as the server's transactions keep
  // them apart: two calls answered together (a lazy area's module loaded for both) each read the
  // other's changes instead of losing one.
  let queue: Promise<unknown> = Promise.resolve();
  function oneAtATime<T>(run: () => Promise<T>): Promise<T> {
    const result = queue.then(run);
    queue = result.catch(() => undefined);
    return result;
  }

  /** Answers one request of the contract; `path` is the part after the base URL and prefix. */
  async function handle(
    method: string,
    path: string,
    sent: Json,
    token: string | null,
    query: Record<string, string> = {},
    loginAlias?: string,
  ): Promise<{ status: number; body: unknown }> {
    const match = matchRoute(method, path);
    // A lazy area's module loads during the pause (a failed load rejects the call, after it).
    const found = match && !match.route.demo ? handlerOf(routeName(match.route)) : undefined;
    const paused = new Promise((resolve) => setTimeout(resolve, delay()));
    await Promise.allSettled([paused, found]);
    // A route the demo leaves out (its descriptor's `demo` says why) is unknown here, as any other.
    if (!match || match.route.demo) return fail('NOT_FOUND');
    const { route, params } = match;
    // The contract's request schemas, as the server validates with them (core/contract/routes),
    // after the client SDK's spelling is brought to the contract's where a route has that step.
    const body = clientRequestBody(method, path, sent) as Json;
    const refused = requestEntries(method, path, { body, query }, { opaqueIds: true, demo: true });
    if (refused) return failWith(contractErrors(refused, 400));
    const handler = await found;
    return oneAtATime(async () => {
      const db = load();
      const lastUse = db.session?.lastUsedAt;
      const request: DemoRequest = { method: route.method, path, body, token, query, params, loginAlias };
      const audit = await demoAudit(db, route, request, tokens.userOfToken);
      const answer = await answerOf(async () => {
        await checkAccess(
          route,
          request,
          (bearer) => tokens.bearerOf(db, bearer),
          (user) => permissionKeysIn(demoTables(db), user.tenantId, user.id),
        );
        return (handler ? await handler(db, request) : null) ?? fail('NOT_FOUND');
      });
      const recorded = await audit(answer, now());
      // A call of the browser's session moves its last use (core/demo/sessions.ts), kept as the server's.
      const used = db.session?.lastUsedAt !== lastUse;
      if (answer.save || route.method !== 'GET' || recorded || used || tablesWritten(db.tables)) save(db);
      return { status: answer.status, body: answer.body };
    });
  }

  /** A fetch-shaped transport for the HTTP client: strips the base URL and prefix, answers from sample data. */
  async function transport(url: string, init: RequestInit): Promise<Response> {
    const { pathname, searchParams } = new URL(url);
    // The URL is base + prefix + contract path; the route table's matcher reads the path as the
    // server registers it (behind a one-segment prefix, or at the root) and gives the contract path.
    const method = (init.method ?? 'GET').toUpperCase();
    const path = matchRoute(method, pathname)?.path ?? pathname;
    const body = bodyOf(init);
    if (!body) return new Response(JSON.stringify(errorBody(contractError('INVALID_JSON'))), { status: 400 });
    const headers = new Headers(init.headers);
    const token = headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? null;
    // The login-alias header (custom login per account, core/domain/login-alias.ts).
    const loginAlias = aliasOfHeader(headers.get(LOGIN_ALIAS_HEADER) ?? undefined);
    // Like the server (server/http/client-query.ts): the client SDK writes an undefined value as
    // the text "undefined", which means "not given".
    const query = Object.fromEntries([...searchParams].filter(([, value]) => value !== 'undefined'));
    const answer = await handle(method, path, body, token, query, loginAlias);
    // A file goes out as it is: billing's invoice PDF (a Blob), the audits CSV (text).
    if (answer.body instanceof Blob)
      return new Response(answer.body, { headers: { 'content-type': answer.body.type } });
    const text = typeof answer.body === 'string';
    const type = path.includes('/csv') ? 'text/csv' : 'text/plain';
    return new Response(text ? (answer.body as string) : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': text ? `${type}; charset=utf-8` : 'application/json' },
    });
  }

  return { handle, transport };
}
