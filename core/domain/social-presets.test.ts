import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  completeProvider,
  personFromUserInfo,
  SOCIAL_PRESET_KEYS,
  socialPreset,
  verifiedEmailOf,
} from './social-presets';

test('every social provider of the spec and the client SDK but Apple has a preset, plus GitLab', () => {
  assert.deepEqual([...SOCIAL_PRESET_KEYS].sort(), [
    'facebook',
    'github',
    'gitlab',
    'google',
    'linkedin',
    'microsoft',
    'slack',
  ]);
  for (const key of SOCIAL_PRESET_KEYS) {
    const preset = socialPreset(key)!;
    const addresses =
      preset.protocol === 'oidc'
        ? [preset.issuer]
        : [preset.authorizationEndpoint, preset.tokenEndpoint, preset.userinfoEndpoint];
    for (const address of addresses) assert.equal(new URL(address).protocol, 'https:', `${key} ${address}`);
  }
});

test('a built-in key with a client only is completed from its preset', () => {
  assert.deepEqual(completeProvider({ key: 'google' }), {
    displayName: 'Google',
    protocol: 'oidc',
    issuer: 'https://accounts.google.com',
    authorizationEndpoint: null,
    tokenEndpoint: null,
    userinfoEndpoint: null,
    emailsEndpoint: null,
    userinfoFields: null,
    scopes: 'openid email profile',
    tokenAuth: 'client_secret_basic',
  });
  const github = completeProvider({ key: 'github', scopes: 'user:email', displayName: 'GitHub (work)' })!;
  assert.equal(github.tokenEndpoint, 'https://github.com/login/oauth/access_token');
  assert.equal(github.emailsEndpoint, 'https://api.github.com/user/emails');
  assert.equal(github.scopes, 'user:email', "the vendor's scopes win");
  assert.equal(github.displayName, 'GitHub (work)');
});

test("the vendor's own endpoints, or a custom provider, take nothing from a preset", () => {
  const own = completeProvider({ key: 'github', issuer: 'https://ghe.example.com' })!;
  assert.equal(own.issuer, 'https://ghe.example.com');
  assert.equal(own.emailsEndpoint, null);
  assert.equal(completeProvider({ key: 'google', custom: true }), null);
  assert.equal(completeProvider({ key: 'acme' }), null, 'no preset, no endpoints');
  assert.equal(
    completeProvider({ key: 'acme', authorizationEndpoint: 'https://a', tokenEndpoint: 'https://t' }),
    null,
  );
});

test("a user-info answer is read through the preset's fields; an emails list gives its primary verified address", () => {
  const ms = socialPreset('microsoft');
  assert.equal(ms?.protocol, 'oauth2');
  const fields = ms?.protocol === 'oauth2' ? (ms.userinfoFields ?? null) : null;
  assert.deepEqual(
    personFromUserInfo({ id: 'x1', mail: null, userPrincipalName: 'a@b.c', displayName: 'A' }, fields),
    {
      subject: 'x1',
      email: 'a@b.c',
      name: 'A',
      emailVerified: true,
    },
  );
  assert.deepEqual(personFromUserInfo({ id: 7, email: 'e@x.y', email_verified: false }, null), {
    subject: '7',
    email: 'e@x.y',
    name: null,
    emailVerified: false,
  });
  assert.equal(
    verifiedEmailOf([
      { email: 'a@x', verified: true },
      { email: 'b@x', verified: true, primary: true },
    ]),
    'b@x',
  );
  assert.equal(verifiedEmailOf([{ email: 'a@x', verified: false, primary: true }]), null);
  assert.equal(verifiedEmailOf({ message: 'no' }), null);
});
