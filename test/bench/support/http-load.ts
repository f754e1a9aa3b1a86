// A small closed-loop HTTP load generator for the benches (127.0.0.1 only, bounded in time):
// `connections` keep-alive sockets, each sending its next request as soon as the previous answer
// has arrived. node:http directly (no fetch): its per-request cost is small enough that one
// generator process keeps a 2-core server busy.
import http from 'node:http';

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
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  let firstError = '';
  const started = performance.now();
  const end = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async (_, i) => {
      while (performance.now() < end) {
        const t = performance.now();
        const answer = await send(origin, options.next(i), agent);
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
  agent.destroy();
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
