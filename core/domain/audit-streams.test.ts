// The audit streams' rules (core/domain/audit-streams.ts, audit-stream-formats.ts) over an
// in-memory repository: the address rule, the token rule, the limit, state changes, back-fill dates,
// the body formats and the retry plan.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AuditStreamDto } from '../contract/auditStreams';
import { isContractError } from '../contract/errors';
import {
  DEFAULT_STREAM_RETRY,
  nextStreamAttempt,
  shouldAlert,
  streamBody,
  tokenHeader,
  type StreamedAuditRecord,
} from './audit-stream-formats';
import {
  backfillStart,
  backfillStream,
  createStream,
  deleteStream,
  setStreamState,
  streamAddress,
  streamDeliveries,
  type AuditStreamPorts,
} from './audit-streams';

const NOW = Date.parse('2026-11-27T12:00:00Z');

function ports(
  allowLoopbackHttp = false,
): AuditStreamPorts & { checked: string[]; tokens: Array<string | null> } {
  const streams: AuditStreamDto[] = [];
  const checked: string[] = [];
  const tokens: Array<string | null> = [];
  let n = 0;
  return {
    checked,
    tokens,
    streams: {
      list: async () => streams,
      async create(_t, s) {
        tokens.push(s.token);
        const made: AuditStreamDto = {
          id: `s${++n}`,
          name: s.name,
          url: s.url,
          format: s.format,
          state: 'active',
          hasToken: s.token !== null,
          failingSince: null,
          alertedAt: null,
          lastDeliveredAt: null,
          createdAt: new Date(NOW).toISOString(),
        };
        streams.push(made);
        return made;
      },
      async setState(_t, id, state) {
        const s = streams.find((x) => x.id === id);
        if (s) s.state = state;
        return s ?? null;
      },
      async remove(_t, id) {
        const i = streams.findIndex((s) => s.id === id);
        if (i >= 0) streams.splice(i, 1);
        return i >= 0;
      },
      deliveries: async (_t, _id, offset, count) => ({
        items: [],
        total: offset + count,
        pending: 0,
        delivered: 0,
        failed: 0,
      }),
      backfill: async (_t, _id, from, limit) =>
        Math.min(limit, Math.floor((NOW - from.getTime()) / 86_400_000)),
    },
    allowLoopbackHttp,
    checkAddress: async (url) => {
      checked.push(url.toString());
    },
    newSigningSecret: () => 'whsec_test',
    now: () => NOW,
  };
}

const codeOf = async (run: () => unknown) => {
  try {
    await run();
  } catch (error) {
    if (isContractError(error)) return error.entries[0]!.code;
    throw error;
  }
  return 'no error';
};

describe('audit streams: rules', () => {
  it('wants https; plain http only to this machine, and only where allowed', () => {
    assert.equal(streamAddress(' https://siem.example.com/in ', false).host, 'siem.example.com');
    for (const [url, loopback, code] of [
      ['http://siem.example.com/in', true, 'AUDIT_STREAM_HTTPS_REQUIRED'],
      ['http://127.0.0.1:5153/in', false, 'AUDIT_STREAM_HTTPS_REQUIRED'],
      ['ftp://siem.example.com/', true, 'URL_INVALID'],
      ['https://user:pw@siem.example.com/', true, 'URL_INVALID'],
      ['siem.example.com', true, 'URL_INVALID'],
    ] as const)
      assert.throws(
        () => streamAddress(url, loopback),
        (e: unknown) => isContractError(e) && e.entries[0]!.code === code,
        url,
      );
    for (const url of ['http://127.0.0.1:5153/in', 'http://localhost/in', 'http://[::1]:80/in'])
      assert.equal(streamAddress(url, true).protocol, 'http:', url);
  });

  it('adds a stream: the address checked, the secret answered once, the SIEM formats need their token', async () => {
    const p = ports();
    const made = await createStream(p, 't', {
      name: ' SIEM ',
      url: 'https://siem.example.com/in',
      format: 'json',
    });
    assert.deepEqual([made.name, made.signingSecret, made.hasToken], ['SIEM', 'whsec_test', false]);
    assert.deepEqual(p.checked, ['https://siem.example.com/in']);
    assert.equal(
      await codeOf(() =>
        createStream(p, 't', { name: 'x', url: 'https://a.example/', format: 'datadog', token: ' ' }),
      ),
      'AUDIT_STREAM_TOKEN_REQUIRED',
    );
    assert.equal(
      await codeOf(() => createStream(p, 't', { name: '   ', url: 'https://a.example/', format: 'json' })),
      'FIELD_REQUIRED',
    );
    await createStream(p, 't', {
      name: 'x',
      url: 'https://a.example/',
      format: 'splunk-hec',
      token: ' hec ',
    });
    assert.deepEqual(p.tokens, [null, 'hec'], 'the token trimmed, handed to the repository only');
    for (let i = 0; i < 3; i++)
      await createStream(p, 't', { name: `s${i}`, url: 'https://a.example/', format: 'json' });
    assert.equal(
      await codeOf(() => createStream(p, 't', { name: 'sixth', url: 'https://a.example/', format: 'json' })),
      'AUDIT_STREAM_LIMIT',
    );
  });

  it('pauses, resumes and deletes; an unknown stream is AUDIT_STREAM_NOT_FOUND', async () => {
    const p = ports();
    const made = await createStream(p, 't', { name: 'x', url: 'https://a.example/', format: 'json' });
    assert.equal((await setStreamState(p, 't', made.id, 'paused')).state, 'paused');
    assert.equal((await setStreamState(p, 't', made.id, 'paused')).state, 'paused');
    assert.equal((await setStreamState(p, 't', made.id, 'active')).state, 'active');
    await deleteStream(p, 't', made.id);
    for (const run of [
      () => deleteStream(p, 't', made.id),
      () => setStreamState(p, 't', made.id, 'active'),
      () => streamDeliveries(p, 't', made.id, {}),
      () => backfillStream(p, 't', made.id, '2026-01-01'),
    ])
      assert.equal(await codeOf(run), 'AUDIT_STREAM_NOT_FOUND');
  });

  it('back-fills from a date in the past only; the log page is 1 to 100 rows', async () => {
    assert.equal(backfillStart('2026-11-20', NOW).toISOString(), '2026-11-20T00:00:00.000Z');
    assert.equal(backfillStart('2026-11-27T11:00:00Z', NOW).getTime(), NOW - 3_600_000);
    for (const raw of ['2026-11-28', '2026-13-01', 'yesterday', '27/11/2026', '2026-11-27T13:00:00Z'])
      assert.equal(await codeOf(() => backfillStart(raw, NOW)), 'AUDIT_STREAM_BACKFILL_DATE', raw);
    const p = ports();
    const made = await createStream(p, 't', { name: 'x', url: 'https://a.example/', format: 'json' });
    assert.deepEqual(await backfillStream(p, 't', made.id, '2026-11-20'), { queued: 7 });
    assert.equal((await streamDeliveries(p, 't', made.id, { count: '500' })).total, 100);
    assert.equal((await streamDeliveries(p, 't', made.id, { offset: '10', count: '0' })).total, 11);
  });
});

describe('audit streams: bodies and retries', () => {
  const record: StreamedAuditRecord = {
    id: '9a4f1c7e-0000-4000-8000-000000000001',
    createdAt: '2026-11-27T12:00:00.000Z',
    tenantId: 'tenant-1',
    severity: 'Critical',
    resource: 'users',
    action: 'User removed',
    description: 'User removed: ada@example.com',
    actorUserId: 'u1',
    actorEmail: 'admin@example.com',
    impersonatorEmail: null,
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
    details: { userId: 'u2' },
  };

  it('writes the generic JSON, Splunk HEC and Datadog bodies, each carrying the idempotency key', () => {
    assert.deepEqual(JSON.parse(streamBody('json', record)), { ...record, idempotencyKey: record.id });
    assert.deepEqual(JSON.parse(streamBody('splunk-hec', record)), {
      time: NOW / 1000,
      source: 'auth-elements',
      sourcetype: 'auth-elements:audit',
      event: { ...record, idempotencyKey: record.id },
    });
    const [log] = JSON.parse(streamBody('datadog', record)) as Array<Record<string, unknown>>;
    assert.deepEqual(
      [log!.ddsource, log!.service, log!.ddtags, log!.status, log!.message, log!.idempotencyKey],
      [
        'auth-elements',
        'auth-elements',
        'tenant:tenant-1,severity:critical,resource:users',
        'critical',
        record.description,
        record.id,
      ],
    );
    assert.deepEqual(tokenHeader('json', 'k'), { authorization: 'Bearer k' });
    assert.deepEqual(tokenHeader('splunk-hec', 'k'), { authorization: 'Splunk k' });
    assert.deepEqual(tokenHeader('datadog', 'k'), { 'dd-api-key': 'k' });
  });

  it('retries after 10 s doubling to 5 min; gives up after 7 days; alerts once after 15 min of failures', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8].map((attempts) => {
      const next = nextStreamAttempt(attempts, NOW, NOW, DEFAULT_STREAM_RETRY);
      return next.giveUp ? 'give up' : (next.at - NOW) / 1000;
    });
    assert.deepEqual(delays, [10, 20, 40, 80, 160, 300, 300, 300]);
    const week = 7 * 24 * 3_600_000;
    assert.deepEqual(nextStreamAttempt(99, NOW - week, NOW, DEFAULT_STREAM_RETRY), { giveUp: true });
    assert.equal(nextStreamAttempt(99, NOW - week + 1, NOW, DEFAULT_STREAM_RETRY).giveUp, false);
    const minute = 60_000;
    assert.equal(shouldAlert(NOW - 14 * minute, false, NOW, DEFAULT_STREAM_RETRY), false);
    assert.equal(shouldAlert(NOW - 15 * minute, false, NOW, DEFAULT_STREAM_RETRY), true);
    assert.equal(shouldAlert(NOW - 60 * minute, true, NOW, DEFAULT_STREAM_RETRY), false, 'once');
    assert.equal(shouldAlert(null, false, NOW, DEFAULT_STREAM_RETRY), false);
  });
});
