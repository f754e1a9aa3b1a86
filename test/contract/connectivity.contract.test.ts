// Connectivity (issue 16) as the client SDK calls it (spec 001 §5: webhook save is PATCH with an
// _id, else POST /custom; Slack PATCH with an id, else POST; email and SMS created only with a
// recipient, deleted when emptied): the same requests against the demo backend and the server.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EVENT_KEYS, WEBHOOK_LOGS_PAGE_SIZE } from '../../core/api/connectivity';
import { BACKENDS, newAccountOwner } from './targets';

const V1 = '/integrations/resources/configurations/v1';
const V2 = '/integrations/resources/configurations/v2';
// A public address (no DNS): the server refuses private ones by default.
const HOOK_URL = 'https://93.184.216.34/hook';

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: connectivity`, () => {
    const owner = newAccountOwner(factory, 'connect');
    const { call } = owner;

    test('the events catalogue and the channel maps', async () => {
      const categories = await call('GET', '/event/resources/configurations/v1/categories');
      assert.equal(categories.status, 200);
      assert.deepEqual(
        categories.body.flatMap((c: { events: Array<{ key: string }> }) => c.events.map((e) => e.key)),
        EVENT_KEYS,
      );
      const maps = await call('GET', '/event/resources/configurations/v1?channels=webhook');
      assert.equal(maps.status, 200);
      assert.equal(maps.body.length, EVENT_KEYS.length);
      assert.ok(maps.body[0].category.name);
    });

    test('webhooks: POST /custom (secret once), GET, PATCH with _id, logs, retry, DELETE', async () => {
      const created = await call('POST', '/webhook/custom', {
        displayName: 'Orders',
        description: 'sync',
        url: HOOK_URL,
        secret: null,
        eventKeys: ['user.passwordReset'],
        isActive: true,
      });
      assert.equal(created.status, 201);
      assert.match(created.body.secret, /^whsec_/);
      const list = await call('GET', '/webhook');
      assert.equal(list.body.length, 1);
      assert.equal(list.body[0].secret, null);
      const patched = await call('PATCH', `/webhook/${created.body._id}`, {
        ...list.body[0],
        displayName: 'Orders v2',
      });
      assert.equal(patched.status, 200);
      assert.equal(patched.body.displayName, 'Orders v2');
      const logs = await call(
        'GET',
        `/webhook/logs/?id=${created.body._id}&offset=0&limit=${WEBHOOK_LOGS_PAGE_SIZE}`,
      );
      assert.equal(logs.status, 200);
      assert.ok(Array.isArray(logs.body.rows) && typeof logs.body.count === 'number');
      const retry = await call('POST', `/webhook/logs/${crypto.randomUUID()}/retries`);
      assert.equal(retry.status, 404);
      assert.deepEqual(retry.body.errors, ['Webhook log not found']);
      const unknown = await call('POST', '/webhook/custom', {
        displayName: 'x',
        url: HOOK_URL,
        secret: null,
        eventKeys: ['no.such'],
        isActive: true,
      });
      assert.deepEqual(unknown.body.errors, ['Unknown event "no.such"']);
      const ftp = await call('POST', '/webhook/test', { url: 'ftp://example.com/', secret: null });
      assert.equal(ftp.status, 400);
      assert.deepEqual(ftp.body.errors, ['Enter an http or https URL']);
      assert.equal((await call('DELETE', `/webhook/${created.body._id}`)).status, 200);
      assert.equal((await call('DELETE', `/webhook/${created.body._id}`)).status, 404);
    });

    test('a refused body gets the same message from both (the contract schemas, one rule for a blank name)', async () => {
      const missing = await call('POST', '/webhook/custom', {
        displayName: 'Orders',
        url: HOOK_URL,
        eventKeys: [],
      });
      assert.equal(missing.status, 400);
      assert.deepEqual(missing.body.errors, ['Is active is required']);
      const blank = await call('POST', '/webhook/custom', {
        displayName: '   ',
        url: HOOK_URL,
        eventKeys: [],
        isActive: true,
      });
      assert.equal(blank.status, 400);
      assert.deepEqual(blank.body.errors, ['Display name is required']);
      const enabled = await call('PATCH', `${V1}/emails/user.signedUp`, { enabled: 'yes' });
      assert.equal(enabled.status, 400);
      assert.deepEqual(enabled.body.errors, ['Enabled must be a boolean']);
      const noUrl = await call('POST', `${V1}/slack/channels`, { name: '#alerts' });
      assert.deepEqual(noUrl.body.errors, ['Url is required']);
      const blankName = await call('POST', `${V1}/slack/channels`, { name: ' ', url: HOOK_URL });
      assert.deepEqual(blankName.body.errors, ['Name is required']);
      const logs = await call('GET', `/webhook/logs/?id=${crypto.randomUUID()}&limit=500`);
      assert.equal(logs.status, 400);
      assert.deepEqual(logs.body.errors, ['Limit has an invalid format']);
    });

    for (const [label, base, recipient] of [
      ['email', `${V1}/emails`, 'ops@example.com'],
      ['sms', `${V2}/sms`, '+15550003333'],
    ] as const) {
      test(`${label}: created only with a recipient, PATCH enabled, PUT, DELETE`, async () => {
        const empty = await call('POST', `${base}/user.signedUp`, {
          enabled: true,
          subscriptions: [{ name: 'ops', enabled: true, recipients: [''] }],
        });
        assert.equal(empty.status, 400);
        assert.deepEqual(empty.body.errors, ['At least one recipient is required']);
        const created = await call('POST', `${base}/user.signedUp`, {
          enabled: true,
          subscriptions: [{ name: 'ops', enabled: true, recipients: [recipient] }],
        });
        assert.equal(created.status, 201);
        const list = await call('GET', base);
        assert.equal(list.body[0].eventKey, 'user.signedUp');
        const id = list.body[0].subscriptions[0].id;
        assert.equal((await call('PATCH', `${base}/user.signedUp`, { enabled: false })).status, 200);
        const put = await call('PUT', `${base}/user.signedUp/subscriptions/${id}`, {
          name: 'ops',
          enabled: true,
          recipients: [recipient],
        });
        assert.equal(put.status, 200);
        assert.equal((await call('DELETE', `${base}/user.signedUp/subscriptions/${id}`)).status, 200);
        assert.equal((await call('DELETE', `${base}/user.signedUp`)).status, 200);
        assert.deepEqual((await call('GET', base)).body, []);
      });
    }

    test('Slack: channels, subscription only with channels, PATCH /subscription/{id}, DELETE', async () => {
      const channel = await call('POST', `${V1}/slack/channels`, { name: '#alerts', url: HOOK_URL });
      assert.equal(channel.status, 201);
      assert.deepEqual((await call('GET', `${V1}/slack/channels`)).body, [channel.body]);
      const none = await call('POST', `${V1}/slack/subscriptions`, {
        isActive: true,
        slackEvents: [{ eventKey: 'user.signedIn', channelIds: [] }],
      });
      assert.deepEqual(none.body.errors, ['A Slack subscription needs at least one channel']);
      const saved = await call('POST', `${V1}/slack/subscriptions`, {
        isActive: true,
        slackEvents: [{ eventKey: 'user.signedIn', channelIds: [channel.body.id] }],
      });
      assert.equal(saved.status, 201);
      const patched = await call('PATCH', `${V1}/slack/subscription/${saved.body.id}`, {
        ...saved.body,
        isActive: false,
      });
      assert.equal(patched.status, 200);
      const config = await call('GET', `${V1}/slack`);
      assert.equal(config.body.slackSubscriptions[0].isActive, false);
      assert.equal((await call('DELETE', `${V1}/slack/subscriptions/${saved.body.id}`)).status, 200);
      assert.equal((await call('DELETE', `${V1}/slack/channels/${channel.body.id}`)).status, 200);
    });

    test('saved as the server stores them: the URL normalised, an event without a blank title or message, each channel once', async () => {
      const hook = await call('POST', '/webhook/custom', {
        displayName: 'Bare host',
        url: 'HTTPS://93.184.216.34',
        secret: null,
        eventKeys: ['user.invited', 'user.invited'],
        isActive: true,
      });
      assert.equal(hook.status, 201);
      assert.equal(hook.body.url, 'https://93.184.216.34/');
      assert.deepEqual(hook.body.eventKeys, ['user.invited']);
      const channel = await call('POST', `${V1}/slack/channels`, { name: ' #ops ', url: HOOK_URL });
      assert.equal(channel.body.name, '#ops');
      const saved = await call('POST', `${V1}/slack/subscriptions`, {
        isActive: true,
        slackEvents: [
          {
            eventKey: 'user.invited',
            channelIds: [channel.body.id, channel.body.id],
            title: '',
            message: '',
          },
          { eventKey: 'user.removed', channelIds: [channel.body.id], title: 'Gone', message: 'Bye' },
        ],
      });
      assert.equal(saved.status, 201);
      assert.deepEqual(saved.body.slackEvents, [
        { eventKey: 'user.invited', channelIds: [channel.body.id] },
        { eventKey: 'user.removed', channelIds: [channel.body.id], title: 'Gone', message: 'Bye' },
      ]);
      assert.equal((await call('DELETE', `/webhook/${hook.body._id}`)).status, 200);
      assert.equal((await call('DELETE', `${V1}/slack/subscriptions/${saved.body.id}`)).status, 200);
      assert.equal((await call('DELETE', `${V1}/slack/channels/${channel.body.id}`)).status, 200);
    });
  });
}
