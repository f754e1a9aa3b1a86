// What the host page reads about the vendor and the signed-in user (core/domain/host-info-handlers.ts),
// the same cases against the demo backend and the server.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoTarget, serverTarget, type ContractTarget } from './targets';

const factories: Array<[string, () => Promise<ContractTarget> | ContractTarget]> = [
  ['demo backend', demoTarget],
  ['reference server', serverTarget],
];

for (const [name, factory] of factories) {
  describe(`contract: ${name}: host information`, () => {
    let target: ContractTarget;
    let token: string;
    let tenantId: string;
    before(async () => {
      target = await factory();
      const email = `host-info-${Date.now().toString(36)}@example.com`;
      const signedUp = await target.call('POST', '/identity/resources/users/v1/signUp', {
        body: { email, password: 'a-long-password-1', name: 'Host Info' },
      });
      token = signedUp.body.authResponse.accessToken;
      tenantId = signedUp.body.tenantId;
    });
    after(async () => {
      await target.close();
    });

    test('GET /metadata: an entity nobody defines has no rows', async () => {
      const answer = await target.call('GET', '/metadata?entityName=nothing-here', { token });
      assert.deepEqual([answer.status, answer.body], [200, { rows: [] }]);
    });

    test("the user's accounts: v2 lists them, v3 marks the active one", async () => {
      const v2 = await target.call('GET', '/identity/resources/users/v2/me/tenants', { token });
      assert.equal(v2.status, 200);
      assert.ok(v2.body.some((t: { tenantId: string }) => t.tenantId === tenantId));
      const v3 = await target.call('GET', '/identity/resources/users/v3/me/tenants', { token });
      assert.deepEqual([v3.status, v3.body.activeTenant?.tenantId], [200, tenantId]);
    });

    test('flags: every flag on or off; the evaluate call answers the keys asked', async () => {
      const flags = await target.call('GET', '/flags', { token });
      assert.equal(flags.status, 200);
      assert.ok(Object.values(flags.body).every((value) => value === 'on' || value === 'off'));
      const evaluated = await target.call('POST', '/flags/api/v1/evaluate', {
        body: { keys: ['no-such-flag-here'] },
      });
      assert.deepEqual([evaluated.status, evaluated.body], [200, { flags: { 'no-such-flag-here': false } }]);
    });
  });
}
