// A member's customData (issue 28 item 11; the client SDK's ITeamUser.customData): set with
// teams.updateUser (PUT /team/resources/members/v1), returned on the users list's rows and on me,
// the same cases against the demo backend and the server (the rule: core/domain/custom-data.ts).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoTarget, serverTarget, type ContractTarget } from './targets';

const factories: Array<[string, () => Promise<ContractTarget> | ContractTarget]> = [
  ['demo backend', demoTarget],
  ['reference server', serverTarget],
];
const MEMBERS = '/team/resources/members/v1';

for (const [name, factory] of factories) {
  describe(`contract: ${name}: a member's customData`, () => {
    let target: ContractTarget;
    let token: string;
    let me: string;
    before(async () => {
      target = await factory();
      const signUp = await target.call('POST', '/identity/resources/users/v1/signUp', {
        body: { email: `custom-${Date.now()}@example.com`, password: 'a-long-password-1', name: 'Cass' },
      });
      token = signUp.body.authResponse.accessToken;
      me = (await target.call('GET', '/identity/resources/users/v2/me', { token })).body.id as string;
    });
    after(async () => {
      await target.close();
    });

    test('none yet: {} on the row and on me', async () => {
      const row = (await target.call('GET', '/identity/resources/users/v3', { token })).body.items[0];
      assert.deepEqual(row.customData, {});
      assert.deepEqual(
        (await target.call('GET', '/identity/resources/users/v2/me', { token })).body.customData,
        {},
      );
    });

    test('teams.updateUser stores it; rows and me return it; null clears it', async () => {
      const saved = await target.call('PUT', MEMBERS, {
        token,
        body: { id: me, customData: { plan: 'gold', seats: 3 } },
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.deepEqual(saved.body.customData, { plan: 'gold', seats: 3 });
      const rows = (await target.call('GET', '/identity/resources/users/v2', { token })).body.items;
      assert.deepEqual(rows.find((u: { id: string }) => u.id === me).customData, { plan: 'gold', seats: 3 });
      const team = (await target.call('GET', `${MEMBERS}?pageOffset=0&pageSize=20`, { token })).body.items;
      assert.deepEqual(team.find((u: { id: string }) => u.id === me)?.customData, { plan: 'gold', seats: 3 });
      const profile = (await target.call('GET', '/identity/resources/users/v2/me', { token })).body;
      assert.deepEqual(profile.customData, { plan: 'gold', seats: 3 });
      // Sent back unchanged with other ITeamUser fields: kept.
      assert.equal(
        (await target.call('PUT', MEMBERS, { token, body: { id: me, name: 'Cass' } })).status,
        200,
      );
      assert.deepEqual(
        (await target.call('GET', '/identity/resources/users/v2/me', { token })).body.customData,
        { plan: 'gold', seats: 3 },
      );
      const cleared = await target.call('PUT', MEMBERS, { token, body: { id: me, customData: null } });
      assert.deepEqual(cleared.body.customData, {});
    });

    test('not an object 400; over 4 KB 400 with its message', async () => {
      for (const customData of ['gold', [1, 2], 7])
        assert.equal(
          (await target.call('PUT', MEMBERS, { token, body: { id: me, customData } })).status,
          400,
          JSON.stringify(customData),
        );
      const big = await target.call('PUT', MEMBERS, {
        token,
        body: { id: me, customData: { notes: 'x'.repeat(5000) } },
      });
      assert.equal(big.status, 400);
      assert.deepEqual(big.body.errors, ['Custom data is limited to 4 KB']);
    });
  });
}
