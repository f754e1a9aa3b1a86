/**
 * Audit-log streaming on the server (issue 28 item 16): configuration calls, and the delivery
 * through the connectivity outbox and worker to local receivers (node:http) that succeed, fail,
 * are slow, or answer 500 for an hour and then recover. The worker runs on a fake clock: the test
 * moves it, so an hour of back-off takes no real hour (the only real wait is the slow receiver's
 * one-second timeout).
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { AuditStreamDeliveries, CreatedAuditStream } from '../../core/contract/auditStreams';
import type { BuiltServer } from '../app';
import { createDelivery } from '../delivery';
import { signStreamBody } from '../domain/audit-stream-delivery';
import { auditStreamHandler } from '../domain/audit-stream-delivery';
import { recordAudit } from '../../core/domain/audit-log';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';
import { ConnectivityWorker, resolveConnectivityOptions } from '../domain/connectivity-worker';
import { loadEncryptionKey, SecretBox } from '../domain/mfa-crypto';
import { SEED_TENANT_ID } from '../seed';
import { bearerCalls, login, startTestServer } from '../../test/support/server';

const STREAMS = '/frontegg/audits/streams';
const MINUTE = 60_000;
const TOKEN = 'collector-token-0123456789';
/** The receivers' answer timeout: room for a busy machine; the slow receiver takes longer. */
const TIMEOUT_MS = 1_000;
const SLOW_MS = 1_500;

/** What the receiver does with the next request. */
type Mode = 'ok' | 'fail' | 'slow' | 'echo';
interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  status: number;
}

let clockMs = Date.now();
/**
 * The worker's clock: moved by the test, and never behind the database's, which stamps each record
 * as it is queued (the trigger's now()).
 */
const clock = () => (clockMs = Math.max(clockMs, Date.now()));
let server: BuiltServer;
let admin = '';
let worker: ConnectivityWorker;
let receiver: { url: string; mode: Mode; hits: Hit[]; slow: Set<Promise<void>>; close(): Promise<void> };
const { call, ok } = bearerCalls(
  () => server,
  () => admin,
);

function startReceiver(): Promise<typeof receiver> {
  const state = {
    url: '',
    mode: 'ok' as Mode,
    hits: [] as Hit[],
    slow: new Set<Promise<void>>(),
    close: async () => {},
  };
  const http: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const mode = state.mode;
      const status = mode === 'fail' ? 500 : 200;
      const answer = () => {
        state.hits.push({ path: request.url ?? '', headers: request.headers, body, at: clock(), status });
        response.writeHead(status, { 'content-type': 'text/plain' });
        // 'echo': a receiver that writes the token it got back into its answer.
        response.end(mode === 'echo' ? `got ${String(request.headers.authorization)}` : 'ok');
      };
      if (mode !== 'slow') return answer();
      // Answered after the worker gave up waiting; the next test starts when it is.
      const late = new Promise<void>((done) => setTimeout(done, SLOW_MS)).then(answer);
      state.slow.add(late);
      void late.then(() => state.slow.delete(late));
    });
  });
  return new Promise((resolve) => {
    http.listen(0, '127.0.0.1', () => {
      state.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
      state.close = () =>
        new Promise<void>((done) => {
          http.closeAllConnections();
          http.close(() => done());
        });
      resolve(state);
    });
  });
}

async function addStream(body: Record<string, unknown>): Promise<CreatedAuditStream> {
  const res = await call('POST', STREAMS, { name: 'SIEM', format: 'json', ...body });
  assert.equal(res.statusCode, 201, res.body);
  return res.json() as CreatedAuditStream;
}

/** `count` audit records of the seeded account, written as the server writes them. */
async function record(count: number, action = 'Stream test'): Promise<void> {
  for (let i = 0; i < count; i++)
    await recordAudit(sqlTables(server.db), SERVER_ROW_CLOCK, {
      tenantId: SEED_TENANT_ID,
      severity: 'High',
      resource: 'tests',
      action,
      description: `${action} ${i}`,
      actorEmail: 'admin@example.com',
      details: { n: i },
    });
}

const queue = async (streamId: string) =>
  (
    await server.db.query<{ state: string; n: number }>(
      `SELECT state, count(*)::int AS n FROM connectivity_deliveries WHERE target_id = $1 GROUP BY state ORDER BY state`,
      [streamId],
    )
  ).rows.map((r) => `${r.state}:${r.n}`);

const tenantRecordIds = async () =>
  (
    await server.db.query<{ id: string }>('SELECT id FROM audits WHERE tenant_id = $1 ORDER BY id', [
      SEED_TENANT_ID,
    ])
  ).rows.map((r) => r.id);

before(async () => {
  server = await startTestServer({
    connectivity: { worker: false, allowPrivateAddresses: true, now: clock, timeoutMs: TIMEOUT_MS },
  });
  // The server's worker is off: the test drives one with the same handler and clock.
  const options = resolveConnectivityOptions({
    allowPrivateAddresses: true,
    now: clock,
    timeoutMs: TIMEOUT_MS,
  });
  const box = new SecretBox(await loadEncryptionKey(server.db, undefined));
  worker = new ConnectivityWorker(server.db, box, createDelivery(server.db), options, {
    audit_stream: auditStreamHandler(server.db, {
      box,
      timeoutMs: TIMEOUT_MS,
      allowPrivate: true,
      now: clock,
    }),
  });
  receiver = await startReceiver();
});
after(async () => {
  await worker.stop();
  await receiver.close();
  await server.close();
});
beforeEach(async () => {
  await Promise.all(receiver.slow);
  await server.db.query('DELETE FROM audit_streams');
  await server.db.query('DELETE FROM connectivity_deliveries');
  receiver.mode = 'ok';
  receiver.hits.length = 0;
  admin = (await login(server.app)).accessToken;
});

describe('audit streams: configuration', () => {
  it('adds a stream (its signing secret answered once, its token never), lists, pauses, resumes and deletes it', async () => {
    const created = await addStream({ url: `${receiver.url}/collect`, format: 'splunk-hec', token: TOKEN });
    assert.match(created.signingSecret, /^whsec_/);
    assert.equal(created.hasToken, true);
    const list = await ok<{ items: Array<Record<string, unknown>> }>('GET', STREAMS);
    assert.deepEqual(
      list.items.map((s) => [s.id, s.state, 'signingSecret' in s]),
      [[created.id, 'active', false]],
    );
    const stored = (await server.db.query('SELECT * FROM audit_streams')).rows[0] as Record<string, string>;
    assert.ok(!JSON.stringify(stored).includes(TOKEN), 'the token is stored sealed');
    assert.ok(!JSON.stringify(stored).includes(created.signingSecret), 'the secret is stored sealed');
    const audits = await server.db.query<{ details: unknown; description: string }>(
      `SELECT details, description FROM audits WHERE action = 'Audit stream created'`,
    );
    assert.equal(audits.rows.length, 1);
    assert.ok(!JSON.stringify(audits.rows).includes(TOKEN), 'the audit record does not keep the token');
    assert.equal((await ok('POST', `${STREAMS}/${created.id}/pause`, {})).state, 'paused');
    assert.equal((await ok('POST', `${STREAMS}/${created.id}/pause`, {})).state, 'paused');
    assert.equal((await ok('POST', `${STREAMS}/${created.id}/resume`, {})).state, 'active');
    assert.equal((await call('DELETE', `${STREAMS}/${created.id}`)).statusCode, 200);
    assert.deepEqual(await queue(created.id), [], 'its queue goes with it');
    assert.equal((await call('DELETE', `${STREAMS}/${created.id}`)).statusCode, 404);
    assert.equal((await call('POST', `${STREAMS}/not-a-uuid/pause`, {})).statusCode, 404);
  });

  it('refuses plain http beyond this machine, SIEM formats without a token, and a sixth stream', async () => {
    const codes = async (body: Record<string, unknown>) => {
      const res = await call('POST', STREAMS, { name: 'x', format: 'json', ...body });
      return [res.statusCode, (res.json() as { errorCodes?: string[] }).errorCodes?.[0]];
    };
    assert.deepEqual(await codes({ url: 'http://siem.example.com/in' }), [
      400,
      'AUDIT_STREAM_HTTPS_REQUIRED',
    ]);
    assert.deepEqual(await codes({ url: 'ftp://siem.example.com/' }), [400, 'URL_INVALID']);
    assert.deepEqual(await codes({ url: 'https://u:p@siem.example.com/' }), [400, 'URL_INVALID']);
    assert.deepEqual(await codes({ url: 'https://siem.example.com/', format: 'datadog' }), [
      400,
      'AUDIT_STREAM_TOKEN_REQUIRED',
    ]);
    assert.deepEqual(await codes({ url: 'https://siem.example.com/', format: 'syslog' }), [
      400,
      'FIELD_INVALID',
    ]);
    for (let i = 0; i < 5; i++) await addStream({ url: `https://siem${i}.example.com/in` });
    assert.deepEqual(await codes({ url: 'https://siem9.example.com/in' }), [400, 'AUDIT_STREAM_LIMIT']);
  });

  it('applies the webhooks’ outbound-address check where private addresses are not allowed', async () => {
    const strict = await startTestServer({ connectivity: { worker: false } });
    try {
      const token = (await login(strict.app)).accessToken;
      const codeOf = async (url: string) => {
        const res = await strict.app.inject({
          method: 'POST',
          url: STREAMS,
          headers: { authorization: `Bearer ${token}` },
          payload: { name: 'x', url, format: 'json' },
        });
        return [res.statusCode, (res.json() as { errorCodes: string[] }).errorCodes[0]];
      };
      assert.deepEqual(await codeOf('http://127.0.0.1:5153/in'), [400, 'AUDIT_STREAM_HTTPS_REQUIRED']);
      assert.deepEqual(await codeOf('https://127.0.0.1/in'), [400, 'URL_PRIVATE_ADDRESS']);
      assert.deepEqual(await codeOf('https://169.254.169.254/latest'), [400, 'URL_PRIVATE_ADDRESS']);
      assert.deepEqual(await codeOf('https://[::1]/in'), [400, 'URL_PRIVATE_ADDRESS']);
    } finally {
      await strict.close();
    }
  });
});

describe('audit streams: delivery', () => {
  it('sends each record once, signed, with its id as the idempotency key, in each format', async () => {
    const json = await addStream({ url: `${receiver.url}/json`, token: TOKEN });
    const splunk = await addStream({ url: `${receiver.url}/splunk`, format: 'splunk-hec', token: TOKEN });
    const datadog = await addStream({ url: `${receiver.url}/datadog`, format: 'datadog', token: TOKEN });
    await server.db.query('DELETE FROM connectivity_deliveries');
    await record(2);
    await worker.drain();
    assert.equal(receiver.hits.length, 6);
    const [first] = (
      await server.db.query<{ id: string }>(
        `SELECT id FROM audits WHERE action = 'Stream test' ORDER BY created_at, id LIMIT 1`,
      )
    ).rows;
    const of = (path: string) => receiver.hits.filter((h) => h.path === path);
    for (const [path, stream] of [
      ['/json', json],
      ['/splunk', splunk],
      ['/datadog', datadog],
    ] as const) {
      const hits = of(path);
      assert.equal(hits.length, 2, path);
      for (const hit of hits) {
        const signature = signStreamBody(
          stream.signingSecret,
          Number(hit.headers['x-audit-stream-timestamp']),
          hit.body,
        );
        assert.equal(hit.headers['x-audit-stream-signature'], signature, `${path} is signed`);
      }
      assert.ok(hits.some((h) => h.headers['idempotency-key'] === first!.id));
    }
    const jsonBody = JSON.parse(of('/json')[0]!.body) as Record<string, unknown>;
    assert.equal(of('/json')[0]!.headers.authorization, `Bearer ${TOKEN}`);
    assert.equal(jsonBody.idempotencyKey, jsonBody.id);
    assert.equal(jsonBody.tenantId, SEED_TENANT_ID);
    assert.equal(jsonBody.action, 'Stream test');
    assert.equal(of('/splunk')[0]!.headers.authorization, `Splunk ${TOKEN}`);
    const hec = JSON.parse(of('/splunk')[0]!.body) as Record<string, unknown>;
    assert.deepEqual(Object.keys(hec).sort(), ['event', 'source', 'sourcetype', 'time']);
    assert.equal(hec.sourcetype, 'auth-elements:audit');
    assert.equal(of('/datadog')[0]!.headers['dd-api-key'], TOKEN);
    const logs = JSON.parse(of('/datadog')[0]!.body) as Array<Record<string, unknown>>;
    assert.equal(logs.length, 1);
    assert.equal(logs[0]!.ddsource, 'auth-elements');
    assert.equal(logs[0]!.status, 'error');
    assert.match(String(logs[0]!.ddtags), /^tenant:[0-9a-f-]+,severity:high,resource:tests$/);
    // Once each: nothing left to send.
    await worker.drain();
    assert.equal(receiver.hits.length, 6);
    const log = await ok<AuditStreamDeliveries>('GET', `${STREAMS}/${json.id}/deliveries`);
    assert.equal(log.delivered, 2);
    assert.equal(log.pending, 0);
    assert.deepEqual(
      log.items.map((i) => [i.status, i.ok, i.sent]),
      [
        [200, true, true],
        [200, true, true],
      ],
    );
  });

  it('loses nothing while the receiver answers 500 for an hour: backs off, alerts the security centre, then catches up', async () => {
    const stream = await addStream({ url: `${receiver.url}/down` });
    receiver.mode = 'fail';
    const start = clockMs;
    await record(1, 'Before the outage');
    // An hour of failures, the clock moved a minute at a time; records keep coming.
    for (let minute = 1; minute <= 60; minute++) {
      clockMs += MINUTE;
      if (minute % 20 === 0) await record(1, `Minute ${minute}`);
      await worker.drain();
    }
    const firstKey = receiver.hits[0]!.headers['idempotency-key'];
    const tries = receiver.hits
      .filter((h) => h.headers['idempotency-key'] === firstKey)
      .map((h) => h.at - start);
    const gaps = tries.slice(1).map((t, i) => t - tries[i]!);
    // The delay doubles from 10 s (a minute's step rounds it up) to its 5-minute ceiling.
    assert.ok(
      gaps.every((gap, i) => i === 0 || gap >= gaps[i - 1]!),
      `gaps grow: ${gaps}`,
    );
    assert.ok(gaps.at(-1)! >= 5 * MINUTE && gaps.at(-1)! <= 6 * MINUTE, `capped at 5 min: ${gaps}`);
    assert.ok(tries.length >= 10 && tries.length <= 20, `${tries.length} tries in an hour`);
    const centre = await ok<{ recommendations: { items: Array<{ code: string; metadata?: unknown }> } }>(
      'GET',
      '/frontegg/security-center/resources/recommendations/v1',
    );
    const alert = centre.recommendations.items[0]!;
    assert.equal(alert.code, 'AUDIT_STREAM_FAILING');
    assert.match(JSON.stringify(alert.metadata), new RegExp(stream.id));
    const during = await ok<AuditStreamDeliveries>('GET', `${STREAMS}/${stream.id}/deliveries?count=100`);
    assert.ok(during.pending >= 4 && during.failed === 0 && during.delivered === 0, JSON.stringify(during));
    assert.ok(during.items.every((i) => i.status === 500 && !i.ok));

    receiver.mode = 'ok';
    clockMs += 6 * MINUTE;
    await worker.drain();
    assert.deepEqual(await queue(stream.id), [`delivered:${during.pending}`]);
    const delivered = new Set(
      receiver.hits.filter((h) => h.status === 200).map((h) => h.headers['idempotency-key']),
    );
    const queuedIds = (
      await server.db.query<{ event_id: string }>(
        'SELECT event_id FROM connectivity_deliveries WHERE target_id = $1',
        [stream.id],
      )
    ).rows.map((r) => r.event_id);
    assert.deepEqual([...delivered].sort(), queuedIds.sort(), 'every queued record arrived');
    const after = await ok<{ recommendations: { items: Array<{ code: string }> } }>(
      'GET',
      '/frontegg/security-center/resources/recommendations/v1',
    );
    assert.ok(!after.recommendations.items.some((r) => r.code === 'AUDIT_STREAM_FAILING'), 'the alert ends');
    const [health] = (await ok<{ items: Array<{ failingSince: string | null }> }>('GET', STREAMS)).items;
    assert.equal(health!.failingSince, null);
  });

  it('times out a slow receiver and tries again; never logs the token a receiver echoes', async () => {
    const stream = await addStream({ url: `${receiver.url}/slow`, token: TOKEN });
    await server.db.query('DELETE FROM connectivity_deliveries');
    await record(1);
    receiver.mode = 'slow';
    await worker.drain();
    let log = await ok<AuditStreamDeliveries>('GET', `${STREAMS}/${stream.id}/deliveries`);
    assert.deepEqual(
      log.items.map((i) => [i.status, i.response]),
      [[0, `No answer within ${TIMEOUT_MS} ms`]],
    );
    assert.equal(log.pending, 1);
    receiver.mode = 'echo';
    clockMs += MINUTE;
    await worker.drain();
    log = await ok<AuditStreamDeliveries>('GET', `${STREAMS}/${stream.id}/deliveries`);
    assert.equal(log.delivered, 1);
    assert.equal(log.items[0]!.response, 'got Bearer [token]');
    const logged = await server.db.query('SELECT * FROM audit_stream_logs');
    assert.ok(!JSON.stringify(logged.rows).includes(TOKEN));
  });

  it('holds a paused stream’s records and sends them on resume; back-fills from a date', async () => {
    const stream = await addStream({ url: `${receiver.url}/paused` });
    await ok('POST', `${STREAMS}/${stream.id}/pause`, {});
    await record(2);
    await worker.drain();
    assert.equal(receiver.hits.length, 0, 'nothing sent while paused');
    const waiting = await queue(stream.id);
    assert.equal(waiting.length, 1);
    assert.match(waiting[0]!, /^pending:\d+$/);
    await ok('POST', `${STREAMS}/${stream.id}/resume`, {});
    await worker.drain();
    // What waited, and the record of the resume itself.
    assert.equal(receiver.hits.length, Number(waiting[0]!.split(':')[1]) + 1);
    assert.deepEqual(await queue(stream.id), [`delivered:${receiver.hits.length}`]);

    receiver.hits.length = 0;
    const future = await call('POST', `${STREAMS}/${stream.id}/backfill`, { from: '2999-01-01' });
    assert.equal(future.statusCode, 400);
    assert.equal((future.json() as { errorCodes: string[] }).errorCodes[0], 'AUDIT_STREAM_BACKFILL_DATE');
    assert.equal(
      (await call('POST', `${STREAMS}/${stream.id}/backfill`, { from: 'yesterday' })).statusCode,
      400,
    );
    const { queued } = await ok<{ queued: number }>('POST', `${STREAMS}/${stream.id}/backfill`, {
      from: '2000-01-01',
    });
    // Every record of the account, and the back-fill's own record (queued as it is written).
    const all = await tenantRecordIds();
    assert.equal(queued, all.length - 1);
    await worker.drain();
    const keys = receiver.hits.map((h) => String(h.headers['idempotency-key'])).sort();
    assert.deepEqual(keys, all, 'every record of the account, each with its own key');
  });
});
