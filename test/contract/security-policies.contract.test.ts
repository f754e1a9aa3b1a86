// The security page's policies (issue 15) as the client SDK reads and saves them (spec 001 §5:
// PATCH with an id, else POST): the same requests against the demo backend and the server.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ERROR_CATALOGUE } from '../../core/contract/errors';
import { acceptedMember, BACKENDS, newAccountOwner, passwordSignIn, roleGranting } from './targets';

const API = '/identity/resources';
const CONFIG = `${API}/configurations/v1`;
const SESSIONS = `${API}/configurations/sessions/v1`;

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: security policies`, () => {
    const owner = newAccountOwner(factory, 'security');
    const { call } = owner;

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

    test('IP restrictions: entries added and paged by page index, the config saved, bad addresses refused', async () => {
      const IP = `${CONFIG}/restrictions/ip`;
      assert.deepEqual(await call('GET', `${IP}/config`), {
        status: 200,
        body: { isActive: false, strategy: 'ALLOW' },
      });
      assert.equal((await call('POST', IP, { ip: '10.0.0.0/8', description: 'Office' })).status, 201);
      assert.equal(
        (
          await call('POST', `${IP}/bulk`, {
            ips: [
              { ip: '192.0.2.1', strategy: 'ALLOW' },
              { ip: '192.0.2.2', strategy: 'ALLOW' },
              { ip: '198.51.100.7', strategy: 'BLOCK' },
            ],
          })
        ).status,
        201,
      );
      const first = await call('GET', `${IP}?_offset=0&_limit=2&_filter=ALLOW`);
      assert.equal(first.status, 200);
      assert.deepEqual(first.body._metadata, { totalItems: 3, totalPages: 2 });
      const second = await call('GET', `${IP}?_offset=1&_limit=2&_filter=ALLOW`);
      assert.equal(second.body.items.length, 1);
      const blocked = await call('GET', `${IP}?_filter=BLOCK`);
      assert.deepEqual(
        blocked.body.items.map((i: { ip: string; strategy: string; isActive: boolean }) => [
          i.ip,
          i.strategy,
          i.isActive,
        ]),
        [['198.51.100.7', 'BLOCK', true]],
      );
      for (const ip of ['not-an-ip', '10.0.0.0/33', '300.1.1.1'])
        assert.equal((await call('POST', IP, { ip })).status, 400, ip);
      assert.deepEqual(await call('POST', `${IP}/config`, { isActive: false, strategy: 'BLOCK' }), {
        status: 200,
        body: { isActive: false, strategy: 'BLOCK' },
      });
      const id = blocked.body.items[0].id;
      assert.equal((await call('DELETE', `${IP}/${id}`)).status, 200);
      assert.equal((await call('DELETE', `${IP}/${id}`)).status, 404);
      assert.equal((await call('POST', `${IP}/verify`)).status, 200);
    });

    test('email-domain restrictions: domains added normalised, listed and deleted; the config saved', async () => {
      const DOMAINS = `${API}/configurations/restrictions/v1/email-domain`;
      assert.deepEqual(await call('GET', `${DOMAINS}/config`), {
        status: 200,
        body: { active: false, listType: 'ALLOW', blockPublicDomains: false },
      });
      const added = await call('POST', DOMAINS, { domain: 'Partner.Example', type: 'ALLOW' });
      assert.equal(added.status, 201);
      assert.deepEqual(
        { domain: added.body.domain, type: added.body.type },
        { domain: 'partner.example', type: 'ALLOW' },
      );
      assert.equal((await call('POST', DOMAINS, { domain: 'not a domain', type: 'ALLOW' })).status, 400);
      assert.deepEqual(
        (await call('GET', DOMAINS)).body.items.map((d: { domain: string }) => d.domain),
        ['partner.example'],
      );
      assert.deepEqual(
        await call('POST', `${DOMAINS}/config`, { active: false, blockPublicDomains: true, type: 'BLOCK' }),
        {
          status: 200,
          body: { active: false, listType: 'BLOCK', blockPublicDomains: true },
        },
      );
      assert.equal((await call('DELETE', `${DOMAINS}/${added.body.id}`)).status, 200);
      assert.equal((await call('DELETE', `${DOMAINS}/${added.body.id}`)).status, 404);
    });

    test('the lockout policy: maxAttempts wrong passwords lock the member, the right one is refused, Unlock frees them', async () => {
      const { target } = owner;
      assert.equal(
        (await call('POST', `${CONFIG}/lockout-policy`, { enabled: true, maxAttempts: 3 })).status,
        200,
      );
      const email = `lockout-${Date.now()}@example.com`;
      const password = 'member-password-1';
      const member = await acceptedMember(target, owner.token, { email, roleIds: [], password });
      const signIn = (given: string) =>
        target.call('POST', `${API}/auth/v1/user`, { body: { email, password: given } });
      for (const attempt of [1, 2, 3])
        assert.equal(
          (await signIn(`wrong-${attempt}`)).status,
          401,
          'the failure that locks reads as a wrong one',
        );
      const refused = await signIn(password);
      assert.equal(refused.status, 403);
      assert.deepEqual(refused.body.errors, [ERROR_CATALOGUE.ACCOUNT_LOCKED.message]);
      const locked = await call('GET', `/audits?action=${encodeURIComponent('User locked')}&count=100`);
      assert.deepEqual(
        locked.body.data
          .filter((r: { email: string }) => r.email === email)
          .map((r: { severity: string; description: string }) => [r.severity, r.description]),
        [['High', 'Locked after 3 failed sign-ins in a row']],
        "the lock is in the account's audit log once",
      );
      const listed = await call('GET', `${API}/users/v3?_filter=${encodeURIComponent(email)}`);
      assert.equal(listed.body.items.find((u: { id: string }) => u.id === member.id)?.isLocked, true);
      const unlock = await call('POST', `${API}/users/v1/${member.id}/unlock`);
      assert.deepEqual(unlock, { status: 200, body: { unlocked: true } });
      assert.equal((await signIn(password)).status, 200);
      await target.clearCookies();
      assert.deepEqual(await call('POST', `${API}/users/v1/${member.id}/unlock`), {
        status: 200,
        body: { unlocked: false },
      });
      const unlisted = await call('GET', `${API}/users/v3?_filter=${encodeURIComponent(email)}`);
      assert.equal(unlisted.body.items.find((u: { id: string }) => u.id === member.id)?.isLocked, false);
    });

    test('Unlock is refused (403) for a member who holds more than the caller, as any action on them', async () => {
      const { target } = owner;
      const stamp = Date.now().toString(36);
      const roleId = await roleGranting(
        target,
        owner.token,
        { key: `unlockers-${stamp}`, name: 'Unlockers' },
        ['fe.secure.read.users', 'fe.secure.write.users'],
      );
      const email = `unlocker-${stamp}@example.com`;
      await acceptedMember(target, owner.token, { email, roleIds: [roleId], password: 'member-password-1' });
      const manager = await passwordSignIn(target, email, 'member-password-1');
      await target.clearCookies();
      const ownerId = (await call('GET', `${API}/users/v2/me`)).body.id as string;
      const refused = await target.call('POST', `${API}/users/v1/${ownerId}/unlock`, { token: manager });
      assert.equal(refused.status, 403, JSON.stringify(refused.body));
    });

    test('without a token: 401', async () => {
      assert.equal((await owner.target.call('GET', `${CONFIG}/lockout-policy`, {})).status, 401);
      assert.equal((await owner.target.call('GET', SESSIONS, {})).status, 401);
    });
  });
}
