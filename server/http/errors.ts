/**
 * Every error leaves the server as `{ errors: [message, ...], errorCodes: [code, ...] }` with a 4xx
 * status, or as a 500 with a generic message. Each message carries the stable code of the error
 * catalogue (core/api/errorCodes.ts), found from its text by `errorPayload`, so routes and domain
 * modules keep throwing plain messages (`httpError(409, 'User already exists')`). Bad input is never a 500; internal details (SQL, stack traces,
 * secrets) are never sent to the client.
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
import { errorCodeOf } from '../../core/api/errorCodes';
import { validationMessages, type ValidationIssue } from '../../core/contract/validate';
import { TooManyAttemptsError } from '../domain/attempts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** An error whose status and messages are meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messages: string[],
  ) {
    super(messages.join('; '));
  }
}

/** Shorthand: `throw httpError(409, 'User already exists')`. */
export function httpError(statusCode: number, ...messages: string[]): HttpError {
  return new HttpError(statusCode, messages);
}

export const TOO_LARGE_MESSAGE = 'Error request is too large';

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

function send(reply: FastifyReply, status: number, messages: string[]) {
  // Set here too: the router's errors (frameworkErrors) do not pass the app's onSend hooks.
  reply.header('x-content-type-options', 'nosniff');
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  const shape = shapeFor(reply.request?.url);
  if (shape) {
    const { type, payload } = shape.body(status, messages.join('; '));
    return reply.status(status).type(type).send(payload);
  }
  return reply.status(status).type('application/json; charset=utf-8').send(errorPayload(messages));
}

/**
 * The body of every error answer: the messages (the list the client SDK joins and shows) and, in
 * the same order, their codes (docs/contract.md "Error codes").
 */
function errorPayload(messages: readonly string[]): { errors: string[]; errorCodes: string[] } {
  return { errors: [...messages], errorCodes: messages.map(errorCodeOf) };
}

/** The body of an error answer, for the paths that write it without a Fastify reply. */
const errorBody = (...messages: string[]) => JSON.stringify(errorPayload(messages));

/**
 * Errors the router raises before any hook or handler (a malformed URL, an overlong path
 * parameter): answered in the contract's shape too. Passed as Fastify's `frameworkErrors` option.
 */
function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return void send(reply, 414, ['The address is too long']);
  if (error.code === 'FST_ERR_ASYNC_CONSTRAINT') return void send(reply, 500, ['Internal server error']);
  return void send(reply, 400, ['The address is not valid']);
}

export const CLIENT_ERROR_MESSAGES = {
  408: 'The request took too long to arrive',
  431: 'The request headers are too large',
  400: 'The request is not valid HTTP',
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
    ? shape.body(status, CLIENT_ERROR_MESSAGES[status])
    : { type: 'application/json; charset=utf-8', payload: errorBody(CLIENT_ERROR_MESSAGES[status]) };
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

export const SHUTTING_DOWN_MESSAGE = 'The server is shutting down: try again in a moment';

/** Installs the error handler, the 404 handler and the safety nets listed above on `app`. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => send(reply, 404, ['Not found']));

  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (closing) {
      reply.header('connection', 'close');
      return void send(reply, 503, [SHUTTING_DOWN_MESSAGE]);
    }
    // RFC 9112 §3.2: an HTTP/1.1 request without Host is a 400 (Node's own check answers it with
    // an empty body, so it is turned off in FRAMEWORK_OPTIONS and done here).
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      reply.header('connection', 'close');
      return void send(reply, 400, ['The Host header is missing']);
    }
    done();
  });

  // A route that answers its error list itself (`reply.code(400).send({ errors })`) gets the codes too.
  app.addHook('preSerialization', async (_request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || !payload || typeof payload !== 'object') return payload;
    const body = payload as { errors?: unknown; errorCodes?: unknown };
    if (!Array.isArray(body.errors) || body.errorCodes !== undefined) return payload;
    return { ...body, errorCodes: errorPayload(body.errors.map(String)).errorCodes };
  });

  // A plugin's plain-text refusal (@fastify/cors: "Invalid Preflight Request") becomes a list.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/plain')) return payload;
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : '';
    reply.type('application/json; charset=utf-8');
    reply.removeHeader('content-length');
    return errorBody(text.trim().slice(0, 200) || `Error ${reply.statusCode}`);
  });

  // `Expect: something-else`: Node answers an empty 417 unless someone listens for this event
  // (`app.server` is absent when Fastify runs without an HTTP server, as in some tests).
  app.server?.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const body = errorBody('Only "Expect: 100-continue" is supported');
    response.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    response.end(body);
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) return send(reply, error.statusCode, error.messages);
    if (error instanceof TooManyAttemptsError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
      return send(reply, 429, [error.message]);
    }

    if (error.validation) {
      // Worded by the contract (core/contract/validate.ts), as the demo backend words its own.
      const issues = error.validation as unknown as ValidationIssue[];
      const messages = validationMessages(issues, error.validationContext);
      return send(reply, 400, messages.length ? messages : ['Invalid request']);
    }

    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, [TOO_LARGE_MESSAGE]);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, ['Unsupported content type: send application/json']);
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, ['Request body is not valid JSON']);
    }
    // Safety net: a PostgreSQL "data exception" (class 22: bad text encoding, value out of range,
    // ...) can only come from input that slipped past the schemas. It is the client's input.
    if (typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code))
      return send(reply, 400, ['Invalid input']);
    const status = error.statusCode ?? 500;
    // JSON.parse failures (and prototype-poisoning refusals) arrive as SyntaxError with status 400.
    if (error instanceof SyntaxError && status === 400)
      return send(reply, 400, ['Request body is not valid JSON']);
    if (status === 413) return send(reply, 413, [TOO_LARGE_MESSAGE]);
    if (status >= 400 && status < 500) return send(reply, status, [clientMessage(error, status)]);

    // Unexpected: log what helps debugging (message, code, stack) but not the request body,
    // headers or SQL parameters, which may hold passwords or tokens.
    request.log.error(
      { err: { message: error.message, code: error.code, stack: error.stack } },
      'unhandled error',
    );
    return send(reply, 500, ['Internal server error']);
  });
}

/** Fastify's own 4xx messages are safe and specific; anything else gets a generic one. */
function clientMessage(error: FastifyError, status: number): string {
  if (error.code?.startsWith('FST_')) return error.message;
  return status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Bad request';
}
