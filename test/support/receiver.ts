/**
 * A local HTTP receiver for webhook and Slack deliveries in tests: records every request and
 * answers with the next status of `statuses` (then 200), after `delayMs`.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Requests that have arrived (answered or not yet). */
  arrived: number;
  /** Statuses answered in turn; when empty, 200. */
  statuses: number[];
  delayMs: number;
  /**
   * Resolves when `count` requests have arrived. Tests wait on that alone (their own time limit is
   * the clock, so a busy machine is no failure); `timeoutMs` is for benchmarks that want one.
   */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const waiters: Array<() => void> = [];
  const receiver: Receiver = {
    url: '',
    received: [],
    arrived: 0,
    statuses: [],
    delayMs: 0,
    waitFor: (count, timeoutMs) =>
      new Promise((resolve, reject) => {
        const timer =
          timeoutMs === undefined
            ? undefined
            : setTimeout(
                () =>
                  reject(
                    new Error(
                      `receiver: ${receiver.received.length} of ${count} requests after ${timeoutMs} ms`,
                    ),
                  ),
                timeoutMs,
              );
        const check = () => {
          if (receiver.received.length >= count) {
            clearTimeout(timer);
            resolve(receiver.received);
            return true;
          }
          return false;
        };
        const loop = () => {
          if (!check()) waiters.push(loop);
        };
        loop();
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((request, response) => {
    receiver.arrived += 1;
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const status = receiver.statuses.shift() ?? 200;
      setTimeout(() => {
        receiver.received.push({ path: request.url ?? '', headers: request.headers, body, at: Date.now() });
        for (const wake of waiters.splice(0)) wake();
        response.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status}`);
      }, receiver.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
