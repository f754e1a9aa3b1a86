// Audit-log streaming's configuration calls (issue 28 item 16; docs/contract.md "Audit streams"):
// the same requests against the demo backend and the reference server, which share the rules
// (core/domain/audit-streams.ts). The delivery itself is the server's (server/routes/audit-streams.test.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BACKENDS, newAccountOwner } from './targets';

const STREAMS = '/audits/streams';
// A public address (TEST-NET-3): the server's outbound check passes it without resolving a name.
const COLLECTOR = 'https://203.0.113.10/services/collector/event';
const TOKEN = 'hec-token-5d1f0c2a';

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: audit streams`, () => {
    const { call } = newAccountOwner(factory, 'streams');
    const code = (answer: { body: { errorCodes?: string[] } }) => answer.body.errorCodes?.[0];

    test('adds streams (the signing secret once, the token never), pauses, resumes, deletes', async () => {
      assert.deepEqual(await call('GET', STREAMS), { status: 200, body: { items: [] } });
      const json = await call('POST', STREAMS, { name: 'Generic', url: COLLECTOR, format: 'json' });
      assert.equal(json.status, 201);
      assert.match(json.body.signingSecret, /^whsec_/);
      assert.deepEqual(
        [json.body.name, json.body.format, json.body.state, json.body.hasToken, json.body.failingSince],
        ['Generic', 'json', 'active', false, null],
      );
      const splunk = await call('POST', STREAMS, {
        name: 'Splunk',
        url: COLLECTOR,
        format: 'splunk-hec',
        token: TOKEN,
      });
      assert.equal(splunk.status, 201);
      assert.equal(splunk.body.hasToken, true);
      assert.ok(!JSON.stringify(splunk.body).includes(TOKEN));
      const list = await call('GET', STREAMS);
      assert.deepEqual(
        list.body.items.map((s: Record<string, unknown>) => [s.name, 'signingSecret' in s]),
        [
          ['Generic', false],
          ['Splunk', false],
        ],
      );
      assert.ok(!JSON.stringify(list.body).includes(TOKEN));
      const paused = await call('POST', `${STREAMS}/${splunk.body.id}/pause`, {});
      assert.deepEqual([paused.status, paused.body.state], [200, 'paused']);
      const resumed = await call('POST', `${STREAMS}/${splunk.body.id}/resume`, {});
      assert.deepEqual([resumed.status, resumed.body.state], [200, 'active']);
      assert.equal((await call('DELETE', `${STREAMS}/${json.body.id}`)).status, 200);
      const again = await call('DELETE', `${STREAMS}/${json.body.id}`);
      assert.deepEqual([again.status, code(again)], [404, 'AUDIT_STREAM_NOT_FOUND']);
      const unknown = await call('POST', `${STREAMS}/no-such-stream/pause`, {});
      assert.deepEqual([unknown.status, code(unknown)], [404, 'AUDIT_STREAM_NOT_FOUND']);
      assert.equal((await call('DELETE', `${STREAMS}/${splunk.body.id}`)).status, 200);
    });

    test('refuses what the rules refuse, with the same codes', async () => {
      for (const [body, status, expected] of [
        [{ name: 'x', url: 'http://203.0.113.10/in', format: 'json' }, 400, 'AUDIT_STREAM_HTTPS_REQUIRED'],
        [{ name: 'x', url: 'not a url', format: 'json' }, 400, 'URL_INVALID'],
        [{ name: 'x', url: COLLECTOR, format: 'datadog' }, 400, 'AUDIT_STREAM_TOKEN_REQUIRED'],
        [{ name: '  ', url: COLLECTOR, format: 'json' }, 400, 'FIELD_REQUIRED'],
        [{ name: 'x', url: COLLECTOR, format: 'syslog' }, 400, 'FIELD_INVALID'],
        [{ name: 'x', url: COLLECTOR, format: 'json', secret: 'mine' }, 400, undefined],
      ] as const) {
        const answer = await call('POST', STREAMS, body);
        assert.equal(answer.status, status, JSON.stringify(body));
        assert.ok(Array.isArray(answer.body.errors) && answer.body.errors.length > 0);
        if (expected) assert.equal(code(answer), expected, JSON.stringify(body));
      }
      const made: string[] = [];
      for (let i = 0; i < 5; i++)
        made.push((await call('POST', STREAMS, { name: `S${i}`, url: COLLECTOR, format: 'json' })).body.id);
      const sixth = await call('POST', STREAMS, { name: 'S5', url: COLLECTOR, format: 'json' });
      assert.deepEqual([sixth.status, code(sixth)], [400, 'AUDIT_STREAM_LIMIT']);
      for (const id of made) await call('DELETE', `${STREAMS}/${id}`);
    });

    test('back-fills from a date in the past; the delivery log answers its counts', async () => {
      const stream = await call('POST', STREAMS, { name: 'Back-fill', url: COLLECTOR, format: 'json' });
      await call('POST', `${STREAMS}/${stream.body.id}/pause`, {});
      for (const from of ['2999-01-01', 'last monday', '2024-13-45'])
        assert.equal(
          code(await call('POST', `${STREAMS}/${stream.body.id}/backfill`, { from })),
          'AUDIT_STREAM_BACKFILL_DATE',
          from,
        );
      const filled = await call('POST', `${STREAMS}/${stream.body.id}/backfill`, { from: '2020-01-01' });
      assert.equal(filled.status, 200);
      assert.ok(Number.isInteger(filled.body.queued) && filled.body.queued >= 1, JSON.stringify(filled.body));
      const log = await call('GET', `${STREAMS}/${stream.body.id}/deliveries?count=5`);
      assert.equal(log.status, 200);
      for (const field of ['items', 'total', 'pending', 'delivered', 'failed'])
        assert.ok(field in log.body, field);
      assert.ok(log.body.items.length <= 5);
      const none = await call('GET', `${STREAMS}/no-such-stream/deliveries`);
      assert.deepEqual([none.status, code(none)], [404, 'AUDIT_STREAM_NOT_FOUND']);
      await call('DELETE', `${STREAMS}/${stream.body.id}`);
    });
  });
}
