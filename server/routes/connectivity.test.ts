import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { EVENT_KEYS, WEBHOOK_LOGS_PAGE_SIZE } from '../../core/api/connectivity';
import type { BuiltServer } from '../app';
import { verifyWebhookSignature } from '../domain/connectivity';
import { ConnectivityWorker, resolveConnectivityOptions, retryDelayMs } from '../domain/connectivity-worker';
import { isPrivateAddress, assertPublicUrl, PRIVATE_ADDRESS } from '../delivery/outbound-http';
import { PasswordHasher } from '../domain/passwords';
import { addMembership } from '../storage/tenants';
import { insertUser } from '../storage/users';
import { SEED_TENANT_ID } from '../seed';
import { FAST_HASHING, bearer, login, startTestServer } from '../../test/support/server';
import { startReceiver, type Receiver } from '../../test/support/receiver';

const F = '/frontegg';
const WEBHOOK = `${F}/webhook`;
const EVENTS = `${F}/event/resources/configurations/v1`;
const EMAILS = `${F}/integrations/resources/configurations/v1/emails`;
const SMS = `${F}/integrations/resources/configurations/v2/sms`;
const SLACK = `${F}/integrations/resources/configurations/v1/slack`;
const PASSWORD = 'Str0ng-enough-passw0rd!';

let server: BuiltServer;
let receiver: Receiver;
let admin: string;
const hasher = new PasswordHasher(FAST_HASHING);

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) => server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function member(roleKeys: string[]) {
  const vendorId = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
  const email = `m-${Math.random().toString(36).slice(2, 8)}@connect.example.com`;
  const user = await insertUser(server.db, {
    vendorId,
    email,
    name: 'm',
    passwordHash: await hasher.hash(PASSWORD),
    verified: true,
  });
  await addMembership(server.db, { userId: user.id, tenantId: SEED_TENANT_ID, roleKeys });
  return { id: user.id, email, token: (await login(server.app, email, PASSWORD)).accessToken };
}

async function createWebhook(eventKeys = ['user.signedIn'], extra: object = {}) {
  const res = await call('POST', `${WEBHOOK}/custom`, admin, {
    displayName: 'Receiver',
    description: 'test',
    url: `${receiver.url}/hook`,
    secret: null,
    eventKeys,
    isActive: true,
    ...extra,
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json() as { _id: string; secret: string };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `what` until it answers something: the test's time limit is the only clock. */
async function until<T>(what: () => Promise<T | undefined | false>): Promise<T> {
  for (;;) {
    const value = await what();
    if (value) return value;
    await pause(25);
  }
}

before(async () => {
  server = await startTestServer({
    connectivity: { allowPrivateAddresses: true, pollIntervalMs: 50, retryBaseMs: 100, maxAttempts: 3 },
  });
  receiver = await startReceiver();
});
after(async () => {
  await server.close();
  await receiver.close();
});
beforeEach(async () => {
  await server.db.query('DELETE FROM webhooks');
  await server.db.query('DELETE FROM connectivity_deliveries');
  await server.db.query('DELETE FROM notification_configs');
  await server.db.query('DELETE FROM slack_subscriptions');
  await server.db.query('DELETE FROM slack_channels');
  receiver.received.length = 0;
  receiver.statuses.length = 0;
  admin = (await login(server.app)).accessToken;
});

describe('events catalogue', () => {
  it('lists the categories and their events, and every event for the channels asked', async () => {
    const categories = (await call('GET', `${EVENTS}/categories`, admin)).json() as Array<{
      name: string;
      events: Array<{ key: string; categoryId: string }>;
    }>;
    assert.deepEqual(
      categories.flatMap((c) => c.events.map((e) => e.key)),
      EVENT_KEYS,
    );
    assert.ok(EVENT_KEYS.includes('user.signedIn') && EVENT_KEYS.includes('apiToken.created'));
    const maps = await call('GET', `${EVENTS}?channels=webhook,email`, admin);
    assert.equal(maps.statusCode, 200);
    assert.equal((maps.json() as unknown[]).length, EVENT_KEYS.length);
    assert.equal((await call('GET', `${EVENTS}?channels=pigeon`, admin)).statusCode, 400);
  });
});

describe('webhooks', () => {
  it('creates (secret shown once), lists, updates with PATCH and deletes, per tenant', async () => {
    const created = await createWebhook();
    assert.match(created.secret, /^whsec_/);
    const list = (await call('GET', WEBHOOK, admin)).json() as Array<{ _id: string; secret: string | null }>;
    assert.deepEqual(
      list.map((w) => [w._id, w.secret]),
      [[created._id, null]],
    );
    const stored = (await server.db.query<{ secret_sealed: string }>('SELECT secret_sealed FROM webhooks'))
      .rows[0]!;
    assert.ok(!stored.secret_sealed.includes(created.secret), 'the secret is stored sealed');
    const patched = await call('PATCH', `${WEBHOOK}/${created._id}`, admin, {
      ...list[0],
      displayName: 'Renamed',
      eventKeys: ['user.signedUp'],
    });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal(patched.json().displayName, 'Renamed');
    assert.equal(patched.json().secret, null, 'a PATCH without a secret keeps the old one and shows none');
    assert.equal((await call('DELETE', `${WEBHOOK}/${created._id}`, admin)).statusCode, 200);
    assert.equal((await call('DELETE', `${WEBHOOK}/${created._id}`, admin)).statusCode, 404);
  });

  it('refuses unknown events, bad URLs, and a reader or a member without the permission', async () => {
    const bad = await call('POST', `${WEBHOOK}/custom`, admin, {
      displayName: 'x',
      url: `${receiver.url}/`,
      secret: null,
      eventKeys: ['no.such'],
      isActive: true,
    });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json().errors, ['Unknown event "no.such"']);
    const ftp = await call('POST', `${WEBHOOK}/custom`, admin, {
      displayName: 'x',
      url: 'ftp://example.com/',
      secret: null,
      eventKeys: [],
      isActive: true,
    });
    assert.deepEqual(ftp.json().errors, ['Enter an http or https URL']);
    const readOnly = await member(['ReadOnly']);
    assert.equal((await call('GET', WEBHOOK, readOnly.token)).statusCode, 403);
    assert.equal((await call('GET', `${EVENTS}/categories`, readOnly.token)).statusCode, 403);
  });

  it("an id that is not a uuid is refused with 400 and an errors list (a shared handler's path id)", async () => {
    for (const [method, url] of [
      ['DELETE', `${WEBHOOK}/not-a-uuid`],
      ['POST', `${WEBHOOK}/logs/not-a-uuid/retries`],
      ['DELETE', `${SLACK}/channels/not-a-uuid`],
      ['DELETE', `${SLACK}/subscriptions/not-a-uuid`],
      ['DELETE', `${EMAILS}/user.signedIn/subscriptions/not-a-uuid`],
    ] as const) {
      const response = await call(method, url, admin);
      assert.equal(response.statusCode, 400, url);
      assert.ok(Array.isArray(response.json().errors), url);
    }
  });

  it('delivers a real event signed with HMAC-SHA256 over timestamp and body, and logs it', async () => {
    const { _id, secret } = await createWebhook(['user.signedIn']);
    await login(server.app);
    const [delivery] = await receiver.waitFor(1);
    const timestamp = delivery!.headers['x-webhook-timestamp'] as string;
    const signature = delivery!.headers['x-webhook-signature'] as string;
    assert.ok(verifyWebhookSignature(secret, timestamp, delivery!.body, signature));
    assert.ok(!verifyWebhookSignature('whsec_other', timestamp, delivery!.body, signature));
    assert.ok(!verifyWebhookSignature(secret, timestamp, `${delivery!.body} `, signature));
    const event = JSON.parse(delivery!.body) as {
      eventKey: string;
      tenantId: string;
      data: { email: string };
    };
    assert.equal(event.eventKey, 'user.signedIn');
    assert.equal(event.tenantId, SEED_TENANT_ID);
    assert.equal(event.data.email, 'admin@example.com');
    const logs = await until(async () => {
      const body = (await call('GET', `${WEBHOOK}/logs/?id=${_id}&offset=0&limit=10`, admin)).json() as {
        count: number;
        rows: Array<{ statusCode: string; response: string; body: string }>;
      };
      return body.count === 1 && body;
    });
    assert.equal(logs.rows[0]!.statusCode, '200');
    assert.equal(logs.rows[0]!.response, 'answer 200');
    assert.equal(logs.rows[0]!.body, delivery!.body);
  });

  it('retries after a 500 with exponential backoff, then logs both attempts', async () => {
    const { _id } = await createWebhook(['apiToken.created']);
    receiver.statuses.push(500, 500);
    const res = await call('POST', `${F}/identity/resources/tenants/api-tokens/v1`, admin, {
      description: 'ci',
      roleIds: [],
    });
    assert.ok(res.statusCode < 300, res.body);
    const arrivals = await receiver.waitFor(3);
    const gaps = [arrivals[1]!.at - arrivals[0]!.at, arrivals[2]!.at - arrivals[1]!.at];
    // retryBaseMs 100: about 100 ms, then about 200 ms (plus the poll interval).
    assert.ok(gaps[0]! >= 90, `first retry after ${gaps[0]} ms`);
    assert.ok(gaps[1]! >= 190, `second retry after ${gaps[1]} ms`);
    const ids = new Set(arrivals.map((a) => a.headers['x-webhook-id']));
    assert.equal(ids.size, 1, 'one delivery, three attempts');
    const logs = await until(async () => {
      const body = (await call('GET', `${WEBHOOK}/logs?id=${_id}`, admin)).json() as {
        count: number;
        rows: Array<{ statusCode: string }>;
      };
      return body.count === 3 && body;
    });
    assert.deepEqual(
      logs.rows.map((r) => r.statusCode),
      ['200', '500', '500'],
    );
    const row = (
      await server.db.query<{ state: string; attempts: number }>(
        'SELECT state, attempts FROM connectivity_deliveries',
      )
    ).rows[0]!;
    assert.deepEqual(row, { state: 'delivered', attempts: 3 });
  });

  it('gives up after maxAttempts and marks the delivery failed', async () => {
    await createWebhook(['user.signedIn']);
    receiver.statuses.push(503, 503, 503, 503);
    await login(server.app);
    await receiver.waitFor(3);
    const row = await until(async () => {
      const r = (
        await server.db.query<{ state: string; attempts: number }>(
          'SELECT state, attempts FROM connectivity_deliveries',
        )
      ).rows[0];
      return r?.state === 'failed' && r;
    });
    assert.equal(row.attempts, 3);
    await pause(400);
    assert.equal(receiver.received.length, 3);
  });

  it('pages logs 10 at a time', async () => {
    const { _id } = await createWebhook(['securityPolicy.changed']);
    for (let i = 0; i < 12; i++)
      await call('POST', `${F}/identity/resources/configurations/v1/lockout-policy`, admin, {
        enabled: true,
        maxAttempts: 5 + i,
      });
    await receiver.waitFor(12);
    const first = await until(async () => {
      const body = (await call('GET', `${WEBHOOK}/logs/?id=${_id}`, admin)).json() as {
        count: number;
        rows: unknown[];
      };
      return body.count === 12 && body;
    });
    assert.equal(first.rows.length, WEBHOOK_LOGS_PAGE_SIZE);
    const second = (await call('GET', `${WEBHOOK}/logs/?id=${_id}&offset=10&limit=10`, admin)).json() as {
      rows: unknown[];
    };
    assert.equal(second.rows.length, 2);
  });

  it('test: answers the receiver status (success on 200 or 201), signed when a secret is given', async () => {
    receiver.statuses.push(201);
    const res = await call('POST', `${WEBHOOK}/test`, admin, {
      url: `${receiver.url}/test`,
      secret: 'whsec_test',
      payload: { hello: 'world' },
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { statusCode: 201, body: 'answer 201' });
    const got = receiver.received[0]!;
    assert.ok(
      verifyWebhookSignature(
        'whsec_test',
        got.headers['x-webhook-timestamp'] as string,
        got.body,
        got.headers['x-webhook-signature'] as string,
      ),
    );
    receiver.statuses.push(500);
    const failed = await call('POST', `${WEBHOOK}/test`, admin, {
      url: `${receiver.url}/test`,
      secret: null,
    });
    assert.equal(failed.json().statusCode, 500);
  });

  it('retry: 202, and the logged body is delivered again', async () => {
    const { _id } = await createWebhook(['user.signedIn']);
    receiver.statuses.push(500, 500, 500);
    await login(server.app);
    await receiver.waitFor(3);
    const logs = await until(async () => {
      const body = (await call('GET', `${WEBHOOK}/logs/?id=${_id}`, admin)).json() as {
        count: number;
        rows: Array<{ id: string; body: string }>;
      };
      return body.count === 3 && body;
    });
    const retry = await call('POST', `${WEBHOOK}/logs/${logs.rows[0]!.id}/retries`, admin);
    assert.equal(retry.statusCode, 202);
    assert.equal(retry.json().statusCode, 202);
    const all = await receiver.waitFor(4);
    assert.equal(all[3]!.body, logs.rows[0]!.body);
    assert.equal(
      (await call('POST', `${WEBHOOK}/logs/${crypto.randomUUID()}/retries`, admin)).statusCode,
      404,
    );
  });

  it('two workers on one database deliver each event once', async () => {
    await createWebhook(['securityPolicy.changed']);
    const options = resolveConnectivityOptions({ allowPrivateAddresses: true, worker: false });
    const ctxDelivery = { sendEmail: async () => {}, sendSms: async () => {} };
    // Rows written with no worker awake, then drained by two extra workers at once.
    await server.db.query(
      `INSERT INTO connectivity_deliveries (tenant_id, event_id, channel, target_id, event_key, payload, next_attempt_at)
       SELECT $1, gen_random_uuid(), 'webhook', w.id, 'securityPolicy.changed', '{"n":1}'::jsonb, now() + interval '1 hour'
         FROM webhooks w, generate_series(1, 40)`,
      [SEED_TENANT_ID],
    );
    const { SecretBox, loadEncryptionKey } = await import('../domain/mfa-crypto');
    const secrets = new SecretBox(await loadEncryptionKey(server.db, undefined));
    const a = new ConnectivityWorker(server.db, secrets, ctxDelivery, options);
    const b = new ConnectivityWorker(server.db, secrets, ctxDelivery, options);
    await server.db.query(`UPDATE connectivity_deliveries SET next_attempt_at = now()`);
    const [na, nb] = await Promise.all([a.drain(), b.drain()]);
    await Promise.all([a.stop(), b.stop()]);
    assert.equal(na + nb, 40);
    await receiver.waitFor(40);
    const ids = receiver.received.map((r) => r.headers['x-webhook-id']);
    assert.equal(new Set(ids).size, ids.length, 'no delivery twice');
    assert.ok(ids.length >= 40);
  });
});

describe('email, SMS and Slack', () => {
  it('email and SMS: created only with a recipient, updated, deleted; delivered through the delivery', async () => {
    assert.deepEqual(
      (await call('POST', `${EMAILS}/user.signedIn`, admin, { enabled: true, subscriptions: [] })).json()
        .errors,
      ['At least one recipient is required'],
    );
    assert.equal(
      (
        await call('POST', `${EMAILS}/user.signedIn`, admin, {
          enabled: true,
          subscriptions: [{ name: 'ops', enabled: true, recipients: ['', '  '] }],
        })
      ).statusCode,
      400,
    );
    const created = await call('POST', `${EMAILS}/user.signedIn`, admin, {
      enabled: true,
      subscriptions: [{ name: 'ops', enabled: true, recipients: ['ops@connect.example.com', ''] }],
    });
    assert.equal(created.statusCode, 201, created.body);
    const sms = await call('POST', `${SMS}/user.signedIn`, admin, {
      enabled: true,
      subscriptions: [{ name: 'on call', enabled: true, recipients: ['+15550001111'] }],
    });
    assert.equal(sms.statusCode, 201, sms.body);
    assert.equal(
      (
        await call('POST', `${SMS}/user.signedIn`, admin, {
          subscriptions: [{ name: 'x', enabled: true, recipients: ['12'] }],
        })
      ).statusCode,
      400,
    );
    const list = (await call('GET', EMAILS, admin)).json() as Array<{
      eventKey: string;
      enabled: boolean;
      subscriptions: Array<{ id: string; recipients: string[] }>;
    }>;
    assert.deepEqual(list[0]!.subscriptions[0]!.recipients, ['ops@connect.example.com']);
    await login(server.app);
    const outbox = await until(async () => {
      const { rows } = await server.db.query<{ channel: string; recipient: string; subject: string | null }>(
        `SELECT channel, recipient, subject FROM outbox_messages WHERE recipient IN ('ops@connect.example.com', '+15550001111') ORDER BY channel`,
      );
      return rows.length === 2 && rows;
    });
    assert.deepEqual(
      outbox.map((r) => [r.channel, r.recipient, r.subject]),
      [
        ['email', 'ops@connect.example.com', 'User signed in'],
        ['sms', '+15550001111', null],
      ],
    );
    // Updated when changed, off with PATCH, deleted when emptied.
    const subId = list[0]!.subscriptions[0]!.id;
    const put = await call('PUT', `${EMAILS}/user.signedIn/subscriptions/${subId}`, admin, {
      name: 'ops',
      enabled: true,
      recipients: ['sec@connect.example.com'],
    });
    assert.equal(put.statusCode, 200, put.body);
    assert.equal((await call('PATCH', `${EMAILS}/user.signedIn`, admin, { enabled: false })).statusCode, 200);
    assert.equal((await call('GET', EMAILS, admin)).json()[0].enabled, false);
    assert.equal(
      (await call('DELETE', `${EMAILS}/user.signedIn/subscriptions/${subId}`, admin)).statusCode,
      200,
    );
    assert.equal((await call('DELETE', `${EMAILS}/user.signedIn`, admin)).statusCode, 200);
    assert.deepEqual((await call('GET', EMAILS, admin)).json(), []);
  });

  it('Slack: channels by incoming webhook, subscriptions only with channels, delivered by POST', async () => {
    const channel = await call('POST', `${SLACK}/channels`, admin, {
      name: '#alerts',
      url: `${receiver.url}/slack`,
    });
    assert.equal(channel.statusCode, 201, channel.body);
    const channelId = channel.json().id as string;
    assert.deepEqual((await call('GET', `${SLACK}/channels`, admin)).json(), [
      { id: channelId, name: '#alerts' },
    ]);
    const none = await call('POST', `${SLACK}/subscriptions`, admin, {
      isActive: true,
      slackEvents: [{ eventKey: 'user.signedIn', channelIds: [] }],
    });
    assert.deepEqual(none.json().errors, ['A Slack subscription needs at least one channel']);
    const saved = await call('POST', `${SLACK}/subscriptions`, admin, {
      isActive: true,
      slackEvents: [{ eventKey: 'user.signedIn', channelIds: [channelId], message: '<!channel> hi' }],
    });
    assert.equal(saved.statusCode, 201, saved.body);
    await login(server.app);
    const [post] = await receiver.waitFor(1);
    assert.equal(post!.path, '/slack');
    assert.deepEqual(JSON.parse(post!.body), { text: 'User signed in: &lt;!channel&gt; hi' });
    const id = saved.json().id as string;
    const patched = await call('PATCH', `${SLACK}/subscription/${id}`, admin, {
      id,
      isActive: false,
      slackEvents: [{ eventKey: 'user.signedUp', channelIds: [channelId] }],
    });
    assert.equal(patched.statusCode, 200, patched.body);
    const config = (await call('GET', SLACK, admin)).json();
    assert.equal(config.slackSubscriptions[0].isActive, false);
    assert.equal((await call('DELETE', `${SLACK}/subscriptions/${id}`, admin)).statusCode, 200);
    assert.equal((await call('DELETE', `${SLACK}/channels/${channelId}`, admin)).statusCode, 200);
  });
});

describe('SSRF and timings', () => {
  it('refuses loopback and private addresses unless the server allows them', async () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.1',
      '172.16.0.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      assert.ok(isPrivateAddress(ip), ip);
    for (const ip of ['93.184.216.34', '2606:4700::1111']) assert.ok(!isPrivateAddress(ip), ip);
    await assert.rejects(assertPublicUrl('http://127.0.0.1:1/', false), new RegExp(PRIVATE_ADDRESS));
    await assert.rejects(assertPublicUrl('http://localhost/', false), new RegExp(PRIVATE_ADDRESS));
    const strict = await startTestServer({ connectivity: { worker: false } });
    try {
      const token = (await login(strict.app)).accessToken;
      const res = await strict.app.inject({
        method: 'POST',
        url: `${F}/webhook/custom`,
        headers: bearer(token),
        payload: { displayName: 'x', url: receiver.url, secret: null, eventKeys: [], isActive: true },
      });
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.json().errors, [PRIVATE_ADDRESS]);
      const test = await strict.app.inject({
        method: 'POST',
        url: `${F}/webhook/test`,
        headers: bearer(token),
        payload: { url: 'http://[::1]:9/', secret: null },
      });
      assert.deepEqual(test.json().errors, [PRIVATE_ADDRESS]);
    } finally {
      await strict.close();
    }
  });

  it('backs off exponentially up to the cap', () => {
    const o = resolveConnectivityOptions({ retryBaseMs: 1000, retryMaxMs: 5000 });
    assert.deepEqual(
      [1, 2, 3, 4, 5].map((n) => retryDelayMs(n, o)),
      [1000, 2000, 4000, 5000, 5000],
    );
    assert.equal(resolveConnectivityOptions().retryBaseMs, 10_000);
  });
});
