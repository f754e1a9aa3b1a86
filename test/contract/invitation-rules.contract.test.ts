// The invitation rules of core/domain/invitations.ts, on the demo backend and the server alike: who
// may invite with which roles, the email-domain restrictions, the resend refusals, one invite link per account.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { acceptedMember, BACKENDS, passwordSignIn, roleGranting, type ContractTarget } from './targets';

const API = '/identity/resources';
const LINKS = `${API}/tenants/invites/v1`;
const DOMAINS = `${API}/configurations/restrictions/v1/email-domain`;

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: invitation rules`, () => {
    let target: ContractTarget;
    let token: string;
    let otherToken: string;
    const stamp = Date.now().toString(36);
    const call = (method: string, path: string, body?: unknown, bearer = token) =>
      target.call(method, path, { token: bearer, ...(body === undefined ? {} : { body }) });
    const signUp = async (who: string) =>
      (
        await target.call('POST', `${API}/users/v1/signUp`, {
          body: {
            email: `${who}-${stamp}@example.com`,
            password: 'a-long-password-1',
            name: who,
            companyName: `${who} ${stamp}`,
          },
        })
      ).body.authResponse.accessToken as string;
    before(async () => {
      target = await factory();
      token = await signUp('owner');
      otherToken = await signUp('other');
    });
    after(async () => {
      await target.close();
    });

    const codesOf = (answer: { status: number; body: { errorCodes?: string[] } }) => [
      answer.status,
      answer.body.errorCodes,
    ];

    test("an inviter gives only roles whose permissions they hold; an account's own role may be given", async () => {
      const roleId = await roleGranting(target, token, { key: 'inviter', name: 'Inviter' }, [
        'fe.secure.read.users',
        'fe.secure.write.users',
      ]);
      const email = `deputy-${stamp}@example.com`;
      const invited = await acceptedMember(target, token, {
        email,
        roleIds: [roleId],
        password: 'deputy-password-1',
      });
      assert.deepEqual(
        invited.roles.map((r) => r.key),
        ['inviter'],
      );
      const deputy = await passwordSignIn(target, email, 'deputy-password-1');
      const roles = Object.fromEntries(
        (await call('GET', `${API}/roles/v1`)).body.map((r: { key: string; id: string }) => [r.key, r.id]),
      );
      const refused = await call(
        'POST',
        `${API}/users/v2`,
        { email: `above-${stamp}@example.com`, roleIds: [roles.Admin] },
        deputy,
      );
      assert.deepEqual(codesOf(refused), [403, ['GRANT_NOT_HELD']]);
      const allowed = await call(
        'POST',
        `${API}/users/v2`,
        { email: `peer-${stamp}@example.com`, roleIds: [roleId] },
        deputy,
      );
      assert.equal(allowed.status, 201, JSON.stringify(allowed.body));
    });

    test("the account's email-domain restrictions decide who may be invited", async () => {
      assert.equal((await call('POST', DOMAINS, { domain: 'blocked.example', type: 'BLOCK' })).status, 201);
      assert.equal((await call('POST', `${DOMAINS}/config`, { active: true, type: 'BLOCK' })).status, 200);
      for (const email of [`a-${stamp}@blocked.example`, `b-${stamp}@team.blocked.example`])
        assert.deepEqual(codesOf(await call('POST', `${API}/users/v2`, { email })), [
          403,
          ['EMAIL_DOMAIN_NOT_ALLOWED'],
        ]);
      assert.equal((await call('POST', `${API}/users/v2`, { email: `c-${stamp}@fine.example` })).status, 201);
      assert.equal((await call('POST', `${DOMAINS}/config`, { active: false })).status, 200);
      assert.equal(
        (await call('POST', `${API}/users/v2`, { email: `a-${stamp}@blocked.example` })).status,
        201,
      );
    });

    test('resend: not a member, already accepted, nothing pending', async () => {
      const me = (await call('GET', `${API}/users/v2/me`)).body as { id: string };
      const reset = `${API}/users/v1/invitation/reset`;
      assert.deepEqual(
        codesOf(await call('POST', reset, { userId: '00000000-0000-4000-8000-0000000000ff' })),
        [404, ['MEMBER_NOT_FOUND']],
      );
      assert.deepEqual(codesOf(await call('POST', reset, { email: `nobody-${stamp}@example.com` })), [
        404,
        ['MEMBER_NOT_FOUND'],
      ]);
      assert.deepEqual(codesOf(await call('POST', reset, { userId: me.id })), [400, ['INVITATION_ACCEPTED']]);
      assert.deepEqual(codesOf(await call('POST', `${reset}/all`, { userId: me.id })), [
        404,
        ['INVITATION_NONE_PENDING'],
      ]);
      // Someone invited by another account: nothing the caller may resend.
      const elsewhere = await call(
        'POST',
        `${API}/users/v2`,
        { email: `elsewhere-${stamp}@example.com` },
        otherToken,
      );
      assert.equal(elsewhere.status, 201);
      assert.deepEqual(codesOf(await call('POST', `${reset}/all`, { userId: elsewhere.body.id })), [
        404,
        ['INVITATION_NONE_PENDING'],
      ]);
    });

    test('resend without a bearer: 200 with an address, whatever it is; 401 without one', async () => {
      const reset = `${API}/users/v1/invitation/reset`;
      const open = (body: unknown) => target.call('POST', reset, { body });
      assert.deepEqual(codesOf(await open({ email: `unknown-${stamp}@example.com` })), [200, undefined]);
      assert.deepEqual(codesOf(await open({ userId: '00000000-0000-4000-8000-0000000000ff' })), [
        401,
        ['BEARER_MISSING'],
      ]);
    });

    test("resend without a bearer counts toward the address's sending limit: the sixth is 429", async () => {
      const open = () =>
        target.call('POST', `${API}/users/v1/invitation/reset`, {
          body: { email: `flood-${stamp}@example.com` },
        });
      const answers = [];
      for (let i = 0; i < 6; i += 1) answers.push(codesOf(await open()));
      assert.deepEqual(answers, [...Array(5).fill([200, undefined]), [429, ['TOO_MANY_CODES']]]);
    });

    test('each account has its own invite link', async () => {
      const mine = await call('POST', `${LINKS}/user`, {});
      assert.equal(mine.status, 201);
      assert.deepEqual((await call('GET', `${LINKS}/user`, undefined, otherToken)).body, {});
      const theirs = await call('POST', `${LINKS}/user`, { expiresInMinutes: 60 }, otherToken);
      assert.equal(theirs.status, 201);
      const again = await call('GET', `${LINKS}/user`);
      assert.deepEqual([again.body.id, again.body.token], [mine.body.id, mine.body.token]);
      const verified = await target.call('POST', `${LINKS}/verify`, { body: { token: mine.body.token } });
      assert.equal(verified.body, `owner ${stamp}`);
      assert.equal((await call('DELETE', `${LINKS}/user`, undefined, otherToken)).status, 200);
      assert.equal((await call('GET', `${LINKS}/user`)).body.id, mine.body.id);
    });
  });
}
