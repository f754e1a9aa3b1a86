// An account's members are the same everywhere, in both backends: the people whose active account it
// is and those who belong to it as another of their accounts (a pending invitee is no member for
// permissions or impersonation). The same cases against the demo backend and the server.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BACKENDS, type ContractTarget } from './targets';

const API = '/identity/resources';
const INVALID = 'This invitation is invalid or has expired. Ask the account administrator for a new one.';
const TRIGGERS = '/reports/engine/resources/triggers/v1';

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: an account's members`, () => {
    let target: ContractTarget;
    const stamp = Date.now().toString(36);
    const emailOf = (who: string) => `${who}-${stamp}@example.com`;
    /** Two accounts, each with its owner: `A` and `B`. */
    const owners: Record<'A' | 'B', { token: string; tenantId: string }> = {
      A: { token: '', tenantId: '' },
      B: { token: '', tenantId: '' },
    };
    let roles: Record<string, string>;

    const signUp = async (who: string) => {
      const answer = await target.call('POST', `${API}/users/v1/signUp`, {
        body: {
          email: emailOf(who),
          password: 'a-long-password-1',
          name: who,
          companyName: `${who} ${stamp}`,
        },
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return {
        token: answer.body.authResponse.accessToken as string,
        tenantId: answer.body.tenantId as string,
      };
    };
    /** Invites `who` to the account of `owner`: the invited user's id. */
    const invite = async (owner: 'A' | 'B', who: string, roleIds: string[] = []) => {
      const answer = await target.call('POST', `${API}/users/v2`, {
        token: owners[owner].token,
        body: { email: emailOf(who), name: who, roleIds },
      });
      assert.equal(answer.status, 201, JSON.stringify(answer.body));
      return answer.body.id as string;
    };
    /** The newest invitation link emailed to `who`. */
    const linkOf = async (who: string) => {
      const box = await target.call('GET', `/dev/outbox?to=${encodeURIComponent(emailOf(who))}`);
      const link = new URL(box.body.messages[0].text.match(/https?:\/\/\S+/)[0]);
      return { userId: link.searchParams.get('userId'), token: link.searchParams.get('token') };
    };
    const accept = (params: { userId: string | null; token: string | null }) =>
      target.call('POST', `${API}/users/v1/invitation/accept`, { body: params });
    /** `who` (signed up with `token`) accepts the invitation to the account of `owner`, then switches back home. */
    const joinAndGoHome = async (
      owner: 'A' | 'B',
      who: string,
      home: { token: string; tenantId: string },
    ) => {
      assert.equal((await accept(await linkOf(who))).status, 200);
      const switched = await target.call('PUT', `${API}/users/v1/tenant`, {
        token: home.token,
        body: { tenantId: home.tenantId },
      });
      assert.equal(switched.status, 200, JSON.stringify(switched.body));
      const me = await target.call('GET', `${API}/users/v2/me`, { token: home.token });
      assert.equal(me.body.tenantId, home.tenantId);
      return me.body.id as string;
    };

    before(async () => {
      target = await factory();
      owners.A = await signUp('owner-a');
      owners.B = await signUp('owner-b');
      roles = Object.fromEntries(
        (await target.call('GET', `${API}/roles/v1`, { token: owners.A.token })).body.map(
          (r: { key: string; id: string }) => [r.key, r.id],
        ),
      );
    });
    after(async () => {
      await target.close();
    });

    test("a new invitation link retires the person's older links of that account only", async () => {
      const userId = await invite('A', 'newcomer');
      const first = await linkOf('newcomer');
      const resent = await target.call('POST', `${API}/users/v1/invitation/reset`, {
        token: owners.A.token,
        body: { userId },
      });
      assert.equal(resent.status, 200, JSON.stringify(resent.body));
      const ofA = await linkOf('newcomer');
      await invite('B', 'newcomer');
      const ofB = await linkOf('newcomer');
      assert.deepEqual((await accept(first)).body.errors, [INVALID]);
      const accepted = await accept(ofA);
      assert.deepEqual([accepted.status, accepted.body.name], [200, `owner-a ${stamp}`]);
      const joinedB = await accept(ofB);
      assert.deepEqual([joinedB.status, joinedB.body.name], [200, `owner-b ${stamp}`]);
    });

    test("groups take an invitee of another account as the account's member (not activated yet)", async () => {
      await signUp('grouped');
      const userId = await invite('A', 'grouped');
      const call = (method: string, path: string, body?: unknown) =>
        target.call(method, `${API}${path}`, { token: owners.A.token, body });
      const group = (await call('POST', '/groups/v1', { name: `Team ${stamp}` })).body.id as string;
      const added = await call('POST', `/groups/v1/${group}/users`, { userIds: [userId] });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      assert.deepEqual(
        added.body.users.map((u: { id: string; activatedForTenant: boolean }) => [
          u.id,
          u.activatedForTenant,
        ]),
        [[userId, false]],
      );
      const removed = await call('DELETE', `/groups/v1/${group}/users`, { userIds: [userId] });
      assert.deepEqual([removed.status, removed.body.users], [200, []]);
    });

    test("a report's members are the account's, invitees of another account too", async () => {
      const preview = await target.call(
        'GET',
        `${TRIGGERS}/preview-report?templateId=members&responseType=html`,
        {
          token: owners.A.token,
        },
      );
      assert.equal(preview.status, 200);
      assert.ok(preview.body.includes(emailOf('grouped')), preview.body);
      assert.ok(preview.body.includes(emailOf('owner-a')), preview.body);
    });

    test("a role's user count and the security centre count invitees of another account, as memberships", async () => {
      await signUp('counted');
      await invite('A', 'counted', [roles.Editor!]);
      const listed = await target.call('GET', `${API}/roles/v2?_limit=50`, { token: owners.A.token });
      const editor = listed.body.items.find((r: { key: string }) => r.key === 'Editor');
      assert.equal(editor.usersCount, 1);
      const insights = await target.call('GET', '/security-center/resources/insights/v1', {
        token: owners.A.token,
      });
      const usage = insights.body.insights.items.find(
        (i: { code: string }) => i.code === 'PARTIAL_MFA_USAGE',
      );
      // The owner, the first case's newcomer (who joined A and B), the groups' invitee and this one.
      assert.equal(usage?.metadata?.totalUsers, 4);
    });

    test('the caller holds the roles of their membership in an account that is not their active one', async () => {
      await invite('B', 'owner-a', [roles.Admin!]);
      await joinAndGoHome('B', 'owner-a', owners.A);
      const pending = await invite('B', 'pending');
      const resent = await target.call('POST', `${API}/users/v1/invitation/reset/all`, {
        token: owners.A.token,
        body: { userId: pending },
      });
      assert.equal(resent.status, 200, JSON.stringify(resent.body));
    });

    test('a member whose active account is another is impersonated, in the account of the impersonator', async () => {
      const home = await signUp('roaming');
      await invite('A', 'roaming');
      const userId = await joinAndGoHome('A', 'roaming', home);
      const started = await target.call('POST', `${API}/impersonation/v1`, {
        token: owners.A.token,
        body: { userId },
      });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const me = await target.call('GET', `${API}/users/v2/me`, { token: started.body.accessToken });
      assert.deepEqual([me.body.id, me.body.tenantId], [userId, owners.A.tenantId]);
    });
  });
}
