// The security page's policies (issue 15) as the client SDK reads and saves them (spec 001 §5:
// PATCH with an id, else POST): the same requests against the demo backend and the server.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoTarget, serverTarget, type ContractTarget } from './targets';

const factories: Array<[string, () => Promise<ContractTarget> | ContractTarget]> = [
  ['demo backend', demoTarget],
  ['reference server', serverTarget],
];
const API = '/identity/resources';
const CONFIG = `${API}/configurations/v1`;
const SESSIONS = `${API}/configurations/sessions/v1`;

for (const [name, factory] of factories) {
  describe(`contract: ${name}: security policies`, () => {
    let target: ContractTarget;
    let token: string;
    const call = (method: string, path: string, body?: unknown) =>
      target.call(method, path, { token, ...(body === undefined ? {} : { body }) });
    before(async () => {
      target = await factory();
      token = (
        await target.call('POST', `${API}/users/v1/signUp`, {
          body: { email: `security-${Date.now()}@example.com`, password: 'a-long-password-1', name: 'Owner' },
        })
      ).body.authResponse.accessToken;
    });
    after(async () => {
      await target.close();
    });

    for (const [path, fields, first, second] of [
      [
        'lockout-policy',
        ['enabled', 'maxAttempts'],
        { enabled: true, maxAttempts: 3 },
        { enabled: false, maxAttempts: 9 },
      ],
      [
        'password-history-policy',
        ['enabled', 'historySize'],
        { enabled: true, historySize: 4 },
        { enabled: true, historySize: 2 },
      ],
      [
        'mfa-policy',
        ['enforceMFAType'],
        { enforceMFAType: 'ForceExceptSAML' },
        { enforceMFAType: 'DontForce' },
      ],
    ] as const) {
      test(`${path}: the vendor default, then the account's own by POST, then PATCH with its id`, async () => {
        const vendor = await call('GET', `${CONFIG}/${path}/vendor`);
        assert.equal(vendor.status, 200);
        const inherited = await call('GET', `${CONFIG}/${path}`);
        assert.equal(
          inherited.body.id,
          vendor.body.id,
          'an account without its own policy reads the vendor default',
        );
        const created = await call('POST', `${CONFIG}/${path}`, first);
        assert.equal(created.status, 200);
        for (const field of ['id', 'createdAt', 'updatedAt', ...fields])
          assert.ok(field in created.body, `${path}: ${field}`);
        assert.notEqual(created.body.id, vendor.body.id);
        const patched = await call('PATCH', `${CONFIG}/${path}`, { id: created.body.id, ...second });
        assert.equal(patched.status, 200);
        assert.equal(patched.body.id, created.body.id);
        const read = await call('GET', `${CONFIG}/${path}`);
        for (const [field, value] of Object.entries(second)) assert.equal(read.body[field], value);
      });
    }

    test('bad policy bodies are 400 with an errors list', async () => {
      for (const [path, body] of [
        [`${CONFIG}/lockout-policy`, { enabled: true, maxAttempts: 0 }],
        [`${CONFIG}/lockout-policy`, { enabled: true, maxAttempts: 3, extra: 1 }],
        [`${CONFIG}/password-history-policy`, { enabled: true, historySize: 11 }],
        [`${CONFIG}/mfa-policy`, { enforceMFAType: 'Always' }],
        [SESSIONS, {}],
        [SESSIONS, { sessionIdleTimeoutConfiguration: { isActive: true, timeout: 59 } }],
      ] as const) {
        const answer = await call('POST', path, body);
        assert.equal(answer.status, 400, `${path} ${JSON.stringify(body)}`);
        assert.ok(Array.isArray(answer.body.errors) && answer.body.errors.length > 0);
      }
    });

    test('the session policy: the defaults, then saved part by part', async () => {
      const initial = await call('GET', SESSIONS);
      assert.deepEqual(initial, {
        status: 200,
        body: {
          sessionTimeoutConfiguration: { isActive: false, timeout: 7_776_000 },
          sessionIdleTimeoutConfiguration: { isActive: false, timeout: 3600 },
          sessionConcurrentConfiguration: { isActive: false, maxSessions: 10 },
        },
      });
      assert.equal(
        (await call('POST', SESSIONS, { sessionIdleTimeoutConfiguration: { isActive: true, timeout: 1800 } }))
          .status,
        201,
      );
      assert.equal(
        (
          await call('POST', SESSIONS, {
            sessionConcurrentConfiguration: { isActive: true, maxSessions: 20 },
          })
        ).status,
        201,
      );
      assert.deepEqual((await call('GET', SESSIONS)).body, {
        sessionTimeoutConfiguration: { isActive: false, timeout: 7_776_000 },
        sessionIdleTimeoutConfiguration: { isActive: true, timeout: 1800 },
        sessionConcurrentConfiguration: { isActive: true, maxSessions: 20 },
      });
    });

    test('without a token: 401', async () => {
      assert.equal((await target.call('GET', `${CONFIG}/lockout-policy`, {})).status, 401);
      assert.equal((await target.call('GET', SESSIONS, {})).status, 401);
    });
  });
}
