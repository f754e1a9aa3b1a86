// A small closed-loop HTTP load generator for the benches (127.0.0.1 only, bounded in time):
// `connections` keep-alive sockets, each sending its next request as soon as the previous answer
// has arrived. `load` writes HTTP/1.1 on plain sockets and reads only the status line, the headers
// and a Content-Length body (what Fastify answers): on a 2-core machine that the server and its
// database share with this client, the client's CPU per request is CPU the server does not get
// (fifth pass of docs/capacity.md: about a third of node:http's). `send` (the sign-ins before a
// figure) uses node:http.
import http from 'node:http';
import net from 'node:net';

export interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface LoadResult {
  count: number;
  errors: number;
  perSecond: number;
  median: number;
  p99: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;

/** One request on `agent`; resolves with the whole answer. */
export function send(origin: string, request: Request, agent?: http.Agent): Promise<Answer> {
  const url = new URL(request.path, origin);
  if (url.hostname !== '127.0.0.1') throw new Error('The bench only talks to 127.0.0.1');
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: request.method,
        headers: {
          ...(request.body !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(request.body) }
            : {}),
          ...request.headers,
        },
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

/**
 * Runs `connections` loops for `seconds`. `next(i)` gives connection i's next request;
 * `after(i, answer)` sees its answer (a refresh chain keeps its new cookie there). A non-2xx answer
 * counts as an error and is left out of the latencies.
 */
export async function load(
  origin: string,
  options: {
    connections: number;
    seconds: number;
    next: (connection: number) => Request;
    after?: (connection: number, answer: Answer) => void;
  },
): Promise<LoadResult> {
  const url = new URL(origin);
  if (url.hostname !== '127.0.0.1') throw new Error('The bench only talks to 127.0.0.1');
  const sockets = await Promise.all(
    Array.from({ length: options.connections }, () => openConnection(Number(url.port))),
  );
  const latencies: number[] = [];
  let errors = 0;
  let firstError = '';
  const started = performance.now();
  const end = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async (_, i) => {
      while (performance.now() < end) {
        const t = performance.now();
        const answer = await sockets[i]!.exchange(options.next(i));
        if (answer.status >= 200 && answer.status < 300) {
          latencies.push(performance.now() - t);
          options.after?.(i, answer);
        } else {
          errors += 1;
          firstError ||= `${answer.status} ${answer.body.slice(0, 200)}`;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  for (const socket of sockets) socket.close();
  if (errors) console.warn(`    (${errors} errors; first: ${firstError})`);
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    median: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
  };
}

/** The bytes of `request` on a keep-alive connection to 127.0.0.1:`port`. */
function requestBytes(request: Request, port: number): Buffer {
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  let head = `${request.method} ${request.path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n`;
  if (body) head += `content-type: application/json\r\ncontent-length: ${body.length}\r\n`;
  for (const [name, value] of Object.entries(request.headers ?? {})) head += `${name}: ${value}\r\n`;
  head += '\r\n';
  return body ? Buffer.concat([Buffer.from(head), body]) : Buffer.from(head);
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** Parses the answer at the start of `buffer`: the answer and its length, or null until it is whole. */
function parseAnswer(buffer: Buffer): { answer: Answer; length: number } | null {
  const end = buffer.indexOf(HEAD_END);
  if (end < 0) return null;
  const lines = buffer.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(lines[0]!.split(' ')[1]);
  const headers: http.IncomingHttpHeaders = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'set-cookie') (headers['set-cookie'] ??= []).push(value);
    else headers[name] = value;
  }
  if (headers['transfer-encoding']) throw new Error('The bench client reads Content-Length answers only');
  const length = end + HEAD_END.length + Number(headers['content-length'] ?? 0);
  if (buffer.length < length) return null;
  return {
    answer: { status, headers, body: buffer.subarray(end + HEAD_END.length, length).toString() },
    length,
  };
}

/** One keep-alive socket: `exchange` sends a request and resolves with its answer. */
function openConnection(
  port: number,
): Promise<{ exchange: (request: Request) => Promise<Answer>; close: () => void }> {
  return new Promise((resolveOpen, rejectOpen) => {
    const socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
    let pending: { resolve: (answer: Answer) => void; reject: (error: Error) => void } | null = null;
    let received: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = received.length ? Buffer.concat([received, chunk]) : chunk;
      try {
        const parsed = parseAnswer(received);
        if (!parsed || !pending) return;
        received = received.subarray(parsed.length);
        const { resolve } = pending;
        pending = null;
        resolve(parsed.answer);
      } catch (error) {
        pending?.reject(error as Error);
      }
    });
    const fail = (error: Error) => pending?.reject(error);
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('The server closed the connection')));
    socket.once('connect', () =>
      resolveOpen({
        exchange: (request) =>
          new Promise<Answer>((resolve, reject) => {
            pending = { resolve, reject };
            socket.write(requestBytes(request, port));
          }),
        close: () => socket.destroy(),
      }),
    );
    socket.once('error', rejectOpen);
  });
}
