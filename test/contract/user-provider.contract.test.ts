// The user's provider (issue 28 item 10): how the account was created, on GET me and in the users
// list, the same on the demo backend and the server (a password sign-up is `local`; social and SSO
// sign-ups keep theirs: server/routes/social.test.ts, sso.test.ts, saml.test.ts and the demo's
// core/social/socialLogin.test.ts, core/sso/ssoLogin.test.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BACKENDS, newAccountOwner } from './targets';

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: the user's provider`, () => {
    const { call } = newAccountOwner(factory, 'provider');

    test('a password sign-up is local on GET me and in the users list', async () => {
      const me = await call('GET', '/identity/resources/users/v2/me');
      assert.equal(me.status, 200);
      assert.equal(me.body.provider, 'local');
      const list = await call('GET', '/identity/resources/users/v2?_limit=10&_offset=0');
      assert.equal(list.status, 200);
      const row = list.body.items.find((u: { id: string }) => u.id === me.body.id);
      assert.equal(row?.provider, 'local');
    });
  });
}
