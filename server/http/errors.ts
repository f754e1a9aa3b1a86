/**
 * Every error leaves the server as `{ errors: [message, ...], errorCodes: [code, ...] }` with a 4xx
 * status, or as a 500 with a generic message. Routes and domain modules throw a code of the error
 * catalogue (`throw contractError('USER_EXISTS')`, core/contract/errors.ts): the handler answers its
 * status, messages and codes as they are. Bad input is never a 500; internal details (SQL, stack
 * traces, secrets) are never sent to the client.
 *
 * That includes the answers Fastify, its plugins and Node's HTTP server give by themselves,
 * before or beside the routes:
 * - the HTTP parser's refusals (431 headers too large, 400 malformed request, 408 timeout):
 *   `clientErrorHandler`, written straight to the socket;
 * - the router's (400 bad URL, 414 parameter too long): `frameworkErrors`;
 * - 404, 413, 415 and bad JSON: the not-found and error handlers below;
 * - a missing Host header (Node's own empty 400) and an `Expect` other than 100-continue (Node's
 *   empty 417): checked here, with Node's own check turned off (`FRAMEWORK_OPTIONS`);
 * - requests arriving while the server closes (Fastify's own 503 body): the `closing` hook;
 * - plain-text refusals of plugins (@fastify/cors answers a bare preflight "Invalid Preflight
 *   Request" as text/plain): rewritten by an onSend hook.
 * `server/http/framework-errors.test.ts` drives each over real HTTP.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import {
  contractError,
  contractErrors,
  errorBody as bodyOf,
  isContractError,
  type ContractError,
  type ErrorCode,
} from '../../core/contract/errors';
import { validationEntries, type ValidationIssue } from '../../core/contract/validate';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A part of the URL space whose clients read another error shape: the SCIM endpoints answer RFC
 * 7644 errors (routes/scim.ts). The answers given here before or beside a route (the router's,
 * the HTTP parser's, a method or path no route has) take that shape there too.
 */
interface ErrorShape {
  matches(path: string): boolean;
  body(status: number, message: string): { type: string; payload: string };
}
const errorShapes = new Map<string, ErrorShape>();

/** Registers (or replaces) the error shape named `name`. */
export function registerErrorShape(name: string, shape: ErrorShape): void {
  errorShapes.set(name, shape);
}

function shapeFor(url: string | undefined): ErrorShape | undefined {
  if (!url) return undefined;
  const path = url.split('?')[0]!;
  for (const shape of errorShapes.values()) if (shape.matches(path)) return shape;
  return undefined;
}

/** The path of a request line (`GET /path HTTP/1.1`) at the start of what the parser refused. */
function requestLinePath(packet: unknown): string | undefined {
  if (!Buffer.isBuffer(packet)) return undefined;
  return /^[A-Z]{1,20} (\S{1,8192}) HTTP\//.exec(packet.subarray(0, 8300).toString('latin1'))?.[1];
}

function send(reply: FastifyReply, error: ContractError) {
  const status = error.statusCode;
  // Set here too: the router's errors (frameworkErrors) do not pass the app's onSend hooks.
  reply.header('x-content-type-options', 'nosniff');
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  const shape = shapeFor(reply.request?.url);
  if (shape) {
    const { type, payload } = shape.body(status, error.messages.join('; '));
    return reply.status(status).type(type).send(payload);
  }
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.status(status).type('application/json; charset=utf-8').send(bodyOf(error));
}

/** The body of an error answer of one code, for the paths that write it without a Fastify reply. */
const errorBody = (code: ErrorCode) => JSON.stringify(bodyOf(contractError(code as 'NOT_FOUND')));

/**
 * Errors the router raises before any hook or handler (a malformed URL, an overlong path
 * parameter): answered in the contract's shape too. Passed as Fastify's `frameworkErrors` option.
 */
function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return void send(reply, contractError('ADDRESS_TOO_LONG'));
  if (error.code === 'FST_ERR_ASYNC_CONSTRAINT') return void send(reply, contractError('INTERNAL_ERROR'));
  return void send(reply, contractError('INVALID_ADDRESS'));
}

const CLIENT_ERROR_CODES = {
  408: 'REQUEST_TIMEOUT',
  431: 'HEADERS_TOO_LARGE',
  400: 'INVALID_HTTP',
} as const;

/**
 * Node's HTTP parser refused the request (Fastify's `clientErrorHandler` option): there is no
 * request object, so the answer is written to the socket, which is then closed (as Fastify's
 * default handler does, in its `{ error, message, statusCode }` shape).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const reason = { 408: 'Request Timeout', 431: 'Request Header Fields Too Large', 400: 'Bad Request' }[
    status
  ];
  const shape = shapeFor(requestLinePath((error as { rawPacket?: unknown }).rawPacket));
  const { type, payload: body } = shape
    ? shape.body(status, contractError(CLIENT_ERROR_CODES[status]).message)
    : { type: 'application/json; charset=utf-8', payload: errorBody(CLIENT_ERROR_CODES[status]) };
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\n` +
        `Content-Type: ${type}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/**
 * Fastify options that route its own answers through the handlers here: spread them into
 * `Fastify({ ... })` together with `installErrorHandlers(app)`.
 */
export const FRAMEWORK_OPTIONS = {
  frameworkErrors,
  clientErrorHandler,
  // The `closing` hook of installErrorHandlers answers instead, in the contract's shape.
  return503OnClosing: false,
  // installErrorHandlers answers a missing Host header instead of Node's empty 400.
  http: { requireHostHeader: false },
} as const;

/** Installs the error handler, the 404 handler and the safety nets listed above on `app`. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => send(reply, contractError('NOT_FOUND')));

  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (closing) {
      reply.header('connection', 'close');
      return void send(reply, contractError('SHUTTING_DOWN'));
    }
    // RFC 9112 §3.2: an HTTP/1.1 request without Host is a 400 (Node's own check answers it with
    // an empty body, so it is turned off in FRAMEWORK_OPTIONS and done here).
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      reply.header('connection', 'close');
      return void send(reply, contractError('HOST_HEADER_MISSING'));
    }
    done();
  });

  // A plugin's plain-text refusal (@fastify/cors answers a bare preflight "Invalid Preflight
  // Request") becomes a list, under the code of its status.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/plain')) return payload;
    reply.type('application/json; charset=utf-8');
    reply.removeHeader('content-length');
    if (request.method === 'OPTIONS' && reply.statusCode === 400) return errorBody('INVALID_PREFLIGHT');
    return JSON.stringify(bodyOf(contractError(statusCode(reply.statusCode)).withStatus(reply.statusCode)));
  });

  // `Expect: something-else`: Node answers an empty 417 unless someone listens for this event
  // (`app.server` is absent when Fastify runs without an HTTP server, as in some tests).
  app.server?.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const body = errorBody('EXPECT_UNSUPPORTED');
    response.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    response.end(body);
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (isContractError(error)) return send(reply, error);

    if (error.validation) {
      // Worded by the contract (core/contract/validate.ts), as the demo backend words its own.
      const issues = error.validation as unknown as ValidationIssue[];
      const entries = validationEntries(issues, error.validationContext);
      return send(reply, entries.length ? contractErrors(entries, 400) : contractError('INVALID_REQUEST'));
    }

    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, contractError('REQUEST_TOO_LARGE'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, contractError('UNSUPPORTED_MEDIA_TYPE'));
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, contractError('INVALID_JSON'));
    }
    // Safety net: a PostgreSQL "data exception" (class 22: bad text encoding, value out of range,
    // ...) can only come from input that slipped past the schemas. It is the client's input.
    if (typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code))
      return send(reply, contractError('INVALID_INPUT'));
    const status = error.statusCode ?? 500;
    // JSON.parse failures (and prototype-poisoning refusals) arrive as SyntaxError with status 400.
    if (error instanceof SyntaxError && status === 400) return send(reply, contractError('INVALID_JSON'));
    if (status === 413) return send(reply, contractError('REQUEST_TOO_LARGE'));
    if (status >= 400 && status < 500)
      return send(reply, contractError(statusCode(status)).withStatus(status));

    // Unexpected: log what helps debugging (message, code, stack) but not the request body,
    // headers or SQL parameters, which may hold passwords or tokens.
    request.log.error(
      { err: { message: error.message, code: error.code, stack: error.stack } },
      'unhandled error',
    );
    return send(reply, contractError('INTERNAL_ERROR'));
  });
}

/**
 * The code of a client error nothing more specific answered (a plugin's refusal, another Fastify
 * 4xx): the generic one of its status.
 */
function statusCode(
  status: number,
): 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_REQUEST' | 'INTERNAL_ERROR' {
  if (status >= 500) return 'INTERNAL_ERROR';
  return status === 401
    ? 'UNAUTHORIZED'
    : status === 403
      ? 'FORBIDDEN'
      : status === 404
        ? 'NOT_FOUND'
        : 'BAD_REQUEST';
}
