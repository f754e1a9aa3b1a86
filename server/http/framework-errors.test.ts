// Every answer Fastify, its plugins or Node's HTTP server would give by themselves is a JSON
// `{ errors: [...], errorCodes: [...] }` too, checked over real HTTP (light-my-request skips the HTTP parser).
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import type { BuiltServer } from '../app';
import { ALLOWED_ORIGIN, startTestServer } from '../../test/support/server';
import { ERROR_CATALOGUE } from '../../core/contract/errors';
import { clientErrorHandler, FRAMEWORK_OPTIONS, installErrorHandlers } from './errors';

const CLIENT_ERROR_MESSAGES = {
  408: ERROR_CATALOGUE.REQUEST_TIMEOUT.message,
  431: ERROR_CATALOGUE.HEADERS_TOO_LARGE.message,
  400: ERROR_CATALOGUE.INVALID_HTTP.message,
};
const SHUTTING_DOWN_MESSAGE = ERROR_CATALOGUE.SHUTTING_DOWN.message;
const TOO_LARGE_MESSAGE = ERROR_CATALOGUE.REQUEST_TOO_LARGE.message;

const LOGIN = '/frontegg/identity/resources/auth/v1/user';
let server: BuiltServer;
let port: number;

before(async () => {
  server = await startTestServer();
  port = Number(new URL(await server.app.listen({ port: 0, host: '127.0.0.1' })).port);
});
after(() => server.close());

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses the HTTP/1.1 answers found in `text` (Content-Length bodies only: all of ours). */
function parseResponses(text: string): RawResponse[] {
  const out: RawResponse[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const bodyBytes = Buffer.from(rest.slice(end + 4)).subarray(0, length);
    out.push({ status: Number(statusLine!.split(' ')[1]), headers, body: bodyBytes.toString() });
    rest = Buffer.from(rest.slice(end + 4))
      .subarray(length)
      .toString();
  }
  return out;
}

/** The first response in `data` once all of it has arrived: its headers and Content-Length bytes. */
function completeFirst(data: Buffer): RawResponse | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [first] = parseResponses(data.toString());
  return first && data.length >= end + 4 + Number(first.headers['content-length'] ?? 0) ? first : undefined;
}

/**
 * Writes `text` as is on a new connection and reads until the first response is complete or the
 * server closes the connection (however long a busy machine takes: no clock).
 */
function raw(text: string | Buffer, target = port): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(target, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const first = completeFirst(Buffer.concat(chunks));
      if (first) {
        resolve(first);
        socket.destroy();
      }
    });
    socket.on('close', () => {
      const [first] = parseResponses(Buffer.concat(chunks).toString());
      if (first) resolve(first);
      else reject(new Error(`no answer to ${String(text).slice(0, 60)}`));
    });
    socket.on('error', () => {});
  });
}

function assertErrors(res: RawResponse, status: number, message?: string) {
  assert.equal(res.status, status, res.body);
  assert.match(res.headers['content-type'] ?? '', /^application\/json/);
  const body = JSON.parse(res.body) as { errors?: unknown; errorCodes?: unknown };
  assert.deepEqual(Object.keys(body), ['errors', 'errorCodes'], res.body);
  assert.ok(
    Array.isArray(body.errors) && body.errors.length > 0 && body.errors.every((e) => typeof e === 'string'),
  );
  // Every answer, the ones written to the socket included, carries a catalogued code per message.
  assert.ok(Array.isArray(body.errorCodes) && body.errorCodes.length === body.errors.length, res.body);
  assert.ok(!body.errorCodes.includes('UNCATALOGUED'), res.body);
  if (message) assert.deepEqual(body.errors, [message]);
}

const request = (head: string, body = '') =>
  `${head}\r\nHost: 127.0.0.1\r\nConnection: close${body ? `\r\nContent-Length: ${Buffer.byteLength(body)}` : ''}\r\n\r\n${body}`;

describe("Node's HTTP parser", () => {
  it('headers over 16 KiB → 431', async () => {
    assertErrors(
      await raw(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(17 * 1024)}\r\n\r\n`),
      431,
      CLIENT_ERROR_MESSAGES[431],
    );
  });

  it('a malformed request line, version or framing → 400', async () => {
    for (const text of [
      'GARBAGE\r\n\r\n',
      'GET / HTTP/3.0\r\nHost: x\r\n\r\n',
      `POST ${LOGIN} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n`,
    ])
      assertErrors(await raw(text), 400, CLIENT_ERROR_MESSAGES[400]);
  });

  it('a request that arrives too slowly → 408 (the handler, given the timeout error)', () => {
    let written = '';
    let destroyed = false;
    const socket = {
      destroyed: false,
      writable: true,
      write: (text: string) => (written += text),
      destroy: () => (destroyed = true),
    } as unknown as Socket;
    clientErrorHandler(Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket);
    assertErrors(parseResponses(written)[0]!, 408, CLIENT_ERROR_MESSAGES[408]);
    assert.ok(destroyed);
  });

  it('HTTP/1.1 without Host → 400; Expect other than 100-continue → 417', async () => {
    assertErrors(await raw(`GET ${LOGIN} HTTP/1.1\r\n\r\n`), 400, 'The Host header is missing');
    assertErrors(
      await raw(
        request(`POST ${LOGIN} HTTP/1.1\r\nExpect: something-else\r\nContent-Type: application/json`, '{}'),
      ),
      417,
    );
  });
});

describe('the router and the body parsers', () => {
  it('unknown path or method → 404', async () => {
    assertErrors(await raw(request('GET /frontegg/nothing-here HTTP/1.1')), 404, 'Not found');
    assertErrors(await raw(request(`PATCH ${LOGIN} HTTP/1.1`)), 404, 'Not found');
  });

  it('a malformed URL → 400, an overlong path parameter → 414', async () => {
    assertErrors(
      await raw(request('GET /frontegg/identity/resources/sub-tenants/v1/%E0%A4%A/users HTTP/1.1')),
      400,
    );
    assertErrors(
      await raw(request(`GET /frontegg/identity/resources/sub-tenants/v1/${'a'.repeat(200)}/users HTTP/1.1`)),
      414,
    );
  });

  it('bad JSON → 400, another content type → 415, a body over the limit → 413', async () => {
    const post = (type: string, body: string) =>
      raw(request(`POST ${LOGIN} HTTP/1.1\r\nContent-Type: ${type}`, body));
    assertErrors(await post('application/json', '{"email":'), 400, 'Request body is not valid JSON');
    assertErrors(await post('text/plain', 'hello'), 415);
    assertErrors(await post('application/x-www-form-urlencoded', 'a=b'), 415);
    assertErrors(
      await post('application/json', `{"pad":"${'x'.repeat(1024 * 1024)}"}`),
      413,
      TOO_LARGE_MESSAGE,
    );
  });
});

describe('the SCIM endpoints: the same refusals as RFC 7644 errors', () => {
  const SCIM = '/frontegg/scim/v2';
  function assertScimError(res: RawResponse, status: number) {
    assert.equal(res.status, status, res.body);
    assert.match(res.headers['content-type'] ?? '', /^application\/scim\+json/);
    const body = JSON.parse(res.body) as Record<string, unknown>;
    assert.deepEqual(body.schemas, ['urn:ietf:params:scim:api:messages:2.0:Error']);
    assert.equal(body.status, String(status));
    assert.equal(typeof body.detail, 'string');
    assert.equal(body.errors, undefined);
  }

  it("the parser's 431 and 400, the router's 400 and 414, unknown endpoints and methods", async () => {
    assertScimError(
      await raw(`GET ${SCIM}/Users HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(17 * 1024)}\r\n\r\n`),
      431,
    );
    assertScimError(await raw(`GET ${SCIM}/Users HTTP/3.0\r\nHost: x\r\n\r\n`), 400);
    assertScimError(await raw(request(`GET ${SCIM}/Users/%E0%A4%A HTTP/1.1`)), 400);
    assertScimError(await raw(request(`GET ${SCIM}/Users/${'a'.repeat(600)} HTTP/1.1`)), 414);
    for (const head of [
      `GET ${SCIM}`,
      `GET ${SCIM}/Bulk`,
      `POST ${SCIM}/Bulk`,
      `OPTIONS ${SCIM}/Users`,
      'GET /scim/v2/Users',
    ])
      assertScimError(
        await raw(request(`${head} HTTP/1.1`)),
        head.startsWith('GET /frontegg') || head.startsWith('POST') ? 401 : 404,
      );
  });
});

describe('plugins', () => {
  it('a CORS preflight the plugin refuses (no Access-Control-Request-Method, no Origin) → 400 with errors', async () => {
    assertErrors(await raw(request(`OPTIONS ${LOGIN} HTTP/1.1\r\nOrigin: ${ALLOWED_ORIGIN}`)), 400);
    assertErrors(await raw(request('OPTIONS /.well-known/jwks.json HTTP/1.1')), 400);
    // A proper preflight still gets its empty 204.
    const ok = await raw(
      request(
        `OPTIONS ${LOGIN} HTTP/1.1\r\nOrigin: ${ALLOWED_ORIGIN}\r\nAccess-Control-Request-Method: POST`,
      ),
    );
    assert.equal(ok.status, 204);
    assert.equal(ok.body, '');
  });
});

describe('closing', () => {
  it('a request arriving while the server closes → 503 with errors (and the one in flight finishes)', async () => {
    const app = Fastify({ ...FRAMEWORK_OPTIONS });
    installErrorHandlers(app);
    let entered!: () => void;
    const inSlow = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get('/slow', async () => {
      entered();
      await released;
      return { ok: true };
    });
    app.get('/fast', async () => ({ ok: true }));
    // Waited on instead of a clock: the close has begun (this hook runs after installErrorHandlers'),
    // and the server has read the second request.
    const closing = new Promise<void>((resolve) =>
      app.addHook('preClose', (done) => {
        resolve();
        done();
      }),
    );
    const slowPort = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
    const fastRead = new Promise<void>((resolve) =>
      app.server.on('request', (request: { url?: string }) => request.url === '/fast' && resolve()),
    );

    const socket = connect(slowPort, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await inSlow;
    const closed = app.close();
    await closing;
    socket.write('GET /fast HTTP/1.1\r\nHost: x\r\n\r\n');
    await fastRead;
    release();
    await ended;
    await closed;
    const [slow, fast] = parseResponses(Buffer.concat(chunks).toString());
    assert.equal(slow?.status, 200);
    assertErrors(fast!, 503, SHUTTING_DOWN_MESSAGE);
    assert.equal(fast!.headers.connection, 'close');
  });
});
