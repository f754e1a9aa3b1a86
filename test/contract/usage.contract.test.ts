// The account's usage (issue 28 item 3; core/domain/usage.ts): the same requests against the demo
// backend and the server.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BACKENDS, newAccountOwner } from './targets';

const USAGE = '/tenants/resources/usage/v1';
const PASSWORD = 'a-long-password-1';
const today = () => new Date().toISOString().slice(0, 10);

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: usage`, () => {
    const owner = newAccountOwner(factory, 'usage');
    const { call } = owner;

    test('a new account: one member, nothing else, 30 days of sign-ins ending today', async () => {
      const usage = await call('GET', USAGE);
      assert.equal(usage.status, 200);
      assert.equal(usage.body.windowDays, 30);
      assert.equal(usage.body.members, 1);
      assert.deepEqual(usage.body.apiTokens, { account: 0, personal: 0 });
      assert.equal(usage.body.subAccounts, 0);
      const days = usage.body.signInsPerDay as Array<{ date: string; count: number }>;
      assert.equal(days.length, 30);
      assert.equal(days.at(-1)!.date, today());
      assert.deepEqual(
        days.map((d) => d.date),
        [...days.map((d) => d.date)].sort(),
        'oldest first',
      );
      assert.ok(days.every((d) => Number.isInteger(d.count) && d.count >= 0));
    });

    test('tokens, sub-accounts and sign-ins are counted', async () => {
      const before = (await call('GET', USAGE)).body;
      assert.equal(
        (await call('POST', '/identity/resources/tenants/api-tokens/v1', { description: 'CI' })).status,
        201,
      );
      assert.equal(
        (await call('POST', '/identity/resources/users/api-tokens/v1', { description: 'Mine' })).status,
        201,
      );
      const child = await call('POST', '/tenants/resources/sub-tenants/v1', { name: 'Usage child' });
      assert.ok(child.status < 300, JSON.stringify(child.body));
      await call('POST', '/tenants/resources/sub-tenants/v1', {
        name: 'Usage grandchild',
        parentTenantId: child.body.tenantId,
      });
      const { email } = (await call('GET', '/identity/resources/users/v2/me')).body as { email: string };
      for (let i = 0; i < 2; i += 1) {
        const signedIn = await owner.target.call('POST', '/identity/resources/auth/v1/user', {
          body: { email, password: PASSWORD },
        });
        assert.equal(signedIn.status, 200);
      }
      // The audit record of a sign-in may be written just after its answer.
      let after = (await call('GET', USAGE)).body;
      for (
        let i = 0;
        i < 20 && after.signInsPerDay.at(-1).count < before.signInsPerDay.at(-1).count + 2;
        i += 1
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        after = (await call('GET', USAGE)).body;
      }
      assert.deepEqual(after.apiTokens, { account: 1, personal: 1 });
      assert.equal(after.subAccounts, 2, 'the sub-account and the one below it');
      assert.equal(after.members, 1);
      assert.equal(after.activeMembers, 1);
      assert.equal(after.signInsPerDay.at(-1).count, before.signInsPerDay.at(-1).count + 2);
    });

    test('a query the route does not read is refused', async () => {
      const refused = await call('GET', `${USAGE}?days=90`);
      assert.equal(refused.status, 400);
      assert.ok(Array.isArray(refused.body.errors));
    });
  });
}
