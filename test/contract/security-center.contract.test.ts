// The security centre (issue 15; spec 001 §7 "Security centre") as the client SDK calls it: the
// recommendations with the score, the insights, the breached-password users table and the campaign,
// the same requests against the demo backend and the server. The figures differ (the demo's sample
// members, the server's new account): the shapes, codes, permissions and rules do not.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { INSIGHT_CODES, RECOMMENDATION_CODES, SECURITY_CATEGORIES } from '../../core/contract/securityCenter';
import { BACKENDS, newAccountOwner } from './targets';

const API = '/identity/resources';
const CENTRE = '/security-center/resources';

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: security centre`, () => {
    const owner = newAccountOwner(factory, 'centre');
    const { call } = owner;

    test('recommendations: a score from 0 to 100 and items with the spec’s codes, severities and categories', async () => {
      const res = await call('GET', `${CENTRE}/recommendations/v1`);
      assert.equal(res.status, 200);
      const { scoring, recommendations } = res.body;
      assert.ok(Number.isInteger(scoring.score) && scoring.score >= 0 && scoring.score <= 100);
      assert.ok(recommendations.items.length > 0, 'a new account has everything to improve');
      for (const item of recommendations.items) {
        assert.ok((RECOMMENDATION_CODES as readonly string[]).includes(item.code), item.code);
        assert.ok(['SEVERE', 'WARNING', 'INFO'].includes(item.severity), item.severity);
        assert.ok((SECURITY_CATEGORIES as readonly string[]).includes(item.category), item.category);
      }
      assert.equal(
        recommendations.items.find((r: { code: string }) => r.code === 'FORCE_MFA')?.severity,
        'SEVERE',
      );
    });

    test('insights: the spec’s codes; the new account’s one member counted', async () => {
      const res = await call('GET', `${CENTRE}/insights/v1`);
      assert.equal(res.status, 200);
      for (const item of res.body.insights.items)
        assert.ok((INSIGHT_CODES as readonly string[]).includes(item.code), item.code);
      const usage = res.body.insights.items.find((i: { code: string }) => i.code === 'PARTIAL_MFA_USAGE');
      assert.equal(usage?.metadata?.totalUsers, 1);
      assert.deepEqual(usage?.metadata?.inactivity, { staleUsersCount: 0, neverSignedInUsersCount: 0 });
    });

    test('the breached table and the campaign: nobody breached in a new account, nothing sent', async () => {
      const page = await call('GET', `${API}/users/v3?_preset=breached-passwords&_limit=10&_offset=0`);
      assert.equal(page.status, 200);
      assert.deepEqual([page.body.items, page.body._metadata.totalItems], [[], 0]);
      const sent = await call('POST', `${API}/users/v1/passwords/breached/reset/bulk`, {});
      assert.equal(sent.status, 200);
      assert.deepEqual(sent.body, { sent: 0, skipped: 0 });
    });

    test('an account starts at most 3 campaigns in the window: then 429 TOO_MANY_CAMPAIGNS', async () => {
      const answers = [];
      for (let i = 0; i < 4; i += 1)
        answers.push(await call('POST', `${API}/users/v1/passwords/breached/reset/bulk`, {}));
      const last = answers.at(-1)!;
      assert.deepEqual([last.status, last.body.errorCodes], [429, ['TOO_MANY_CAMPAIGNS']]);
    });

    test('a member who never signed in is their own finding, not an inactive one (issue 24)', async () => {
      const email = `never-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const invited = await call('POST', `${API}/users/v2`, { email, name: 'Nev Er', skipInviteEmail: true });
      assert.equal(invited.status, 201, JSON.stringify(invited.body));
      const res = await call('GET', `${CENTRE}/insights/v1`);
      const usage = res.body.insights.items.find((i: { code: string }) => i.code === 'PARTIAL_MFA_USAGE');
      assert.deepEqual(usage?.metadata?.inactivity, { staleUsersCount: 0, neverSignedInUsersCount: 1 });
      const inactive = await call('GET', `${API}/users/v3?_preset=INACTIVE&_maxInactiveSeconds=7776000`);
      assert.equal(inactive.status, 200);
      assert.deepEqual(inactive.body.items, []);
      const never = await call('GET', `${API}/users/v3?_preset=NEVER_SIGNED_IN&_limit=10&_offset=0`);
      assert.equal(never.status, 200, JSON.stringify(never.body));
      assert.deepEqual(
        never.body.items.map((u: { email: string }) => u.email),
        [email],
      );
    });

    test('an enabled SSO connection ends the CONFIGURE_SSO recommendation, as on the server', async () => {
      const codes = async () =>
        (await call('GET', `${CENTRE}/recommendations/v1`)).body.recommendations.items.map(
          (r: { code: string }) => r.code,
        );
      assert.ok((await codes()).includes('CONFIGURE_SSO'));
      const SSO = '/team/resources/sso/v1/configurations';
      const created = await call('POST', SSO, {
        type: 'oidc',
        ssoEndpoint: 'https://idp.example.com',
        oidcClientId: 'c',
        oidcSecret: 's3cret',
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.ok((await codes()).includes('CONFIGURE_SSO'), 'a disabled connection is no SSO');
      assert.equal((await call('PATCH', `${SSO}/${created.body.id}`, { enabled: true })).status, 200);
      assert.ok(!(await codes()).includes('CONFIGURE_SSO'));
      assert.equal((await call('DELETE', `${SSO}/${created.body.id}`)).status, 200);
    });

    test('without a token: 401', async () => {
      const res = await owner.target.call('GET', `${CENTRE}/insights/v1`, {});
      assert.equal(res.status, 401);
    });
  });
}
