// The one-time secrets (core/domain/one-time-tokens.ts), one suite for both stores: the server's
// over PGlite (server/domain/one-time-tokens.ts: SQL tables, SHA-256 keys) and demo mode's over its
// stored tables (its platform, core/demo/platform.ts: the secret kept as it is). The passwordless rules,
// the password flows, activation and invitations rely on what each case states.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { seedDemoDatabase } from '../../core/demo/data';
import { demoPlatform } from '../../core/demo/platform';
import { secretsOn } from '../../core/domain/account-flow-ports';
import type { OneTimeTokens } from '../../core/domain/one-time-tokens';
import { serverSecrets } from '../domain/one-time-tokens';
import { repositorySuite } from '../../test/support/repository-suite';
import { insertUser } from './users';

/** The store's secrets, and a new user of it (the server's rows name a user that exists). */
interface Fixture {
  secrets: OneTimeTokens;
  user(): Promise<string>;
}

repositorySuite<Fixture>(
  'one-time secrets',
  {
    pglite: (db) => ({
      secrets: serverSecrets(db),
      async user() {
        const { rows } = await db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1');
        const user = await insertUser(db, {
          vendorId: rows[0]!.id,
          email: `${randomUUID()}@example.com`,
          name: 'Secret keeper',
          passwordHash: null,
          verified: true,
        });
        return user.id;
      },
    }),
    demo: () => ({
      secrets: secretsOn(demoPlatform(seedDemoDatabase(), { now: Date.now, random: randomUUID })),
      user: async () => randomUUID(),
    }),
  },
  (context) => {
    test('a link: 43 base64url characters, found while live, used once, its data kept', async () => {
      const { secrets } = context.repos;
      const userId = await context.repos.user();
      const token = await secrets.issue({
        purpose: 'verifyPhoneSession',
        userId,
        kind: 'link',
        data: { phone: '+15550100' },
      });
      assert.match(token, /^[A-Za-z0-9_-]{43}$/);
      const live = { userId, data: { phone: '+15550100' } };
      assert.deepEqual(await secrets.findLiveLink('verifyPhoneSession', token), live);
      assert.deepEqual(await secrets.findLiveLink('verifyPhoneSession', token, userId), live);
      assert.equal(await secrets.findLiveLink('verifyPhoneSession', token, await context.repos.user()), null);
      assert.equal(await secrets.findLiveLink('changePhoneNumber', token), null, 'another purpose');
      assert.deepEqual(await secrets.consumeLink('verifyPhoneSession', token, userId), live);
      assert.equal(await secrets.consumeLink('verifyPhoneSession', token, userId), null, 'used');
      assert.equal(await secrets.findLiveLink('verifyPhoneSession', token), null);
    });

    test('a token of another shape is refused; an expired link is not live', async () => {
      const { secrets } = context.repos;
      const userId = await context.repos.user();
      assert.equal(await secrets.consumeLink('magicLink', 'short-token'), null);
      const token = await secrets.issue({ purpose: 'magicLink', userId, kind: 'link', ttlSeconds: 0 });
      assert.equal(await secrets.findLiveLink('magicLink', token), null);
      assert.equal(await secrets.consumeLink('magicLink', token), null);
    });

    test('a new secret retires the older ones of its user and purpose (with a scope, of that scope only)', async () => {
      const { secrets } = context.repos;
      const userId = await context.repos.user();
      const first = await secrets.issue({ purpose: 'resetPassword', userId, kind: 'link' });
      const second = await secrets.issue({ purpose: 'resetPassword', userId, kind: 'link' });
      assert.equal(await secrets.findLiveLink('resetPassword', first), null);
      assert.ok(await secrets.findLiveLink('resetPassword', second));
      const invite = (tenantId: string) =>
        secrets.issue({
          purpose: 'invitation',
          userId,
          kind: 'link',
          data: { tenantId },
          retireScope: 'tenantId',
        });
      const [a1, b1] = [await invite('account-a'), await invite('account-b')];
      const a2 = await invite('account-a');
      assert.equal(await secrets.findLiveLink('invitation', a1), null);
      assert.deepEqual(await secrets.findLiveLink('invitation', b1), {
        userId,
        data: { tenantId: 'account-b' },
      });
      assert.ok(await secrets.findLiveLink('invitation', a2));
      assert.ok(await secrets.findLiveLink('resetPassword', second), 'another purpose stays');
    });

    test('a code: wrong guesses count, the fifth burns it; a right code works once', async () => {
      const { secrets } = context.repos;
      const userId = await context.repos.user();
      const code = await secrets.issue({ purpose: 'loginCode', userId, kind: 'code' });
      assert.match(code, /^[0-9]{6}$/);
      const wrong = code === '000000' ? '111111' : '000000';
      assert.equal(await secrets.checkCode('loginCode', userId, wrong), 'wrong');
      assert.equal(await secrets.checkCode('loginCode', userId, 'not a code'), 'wrong');
      assert.equal(await secrets.checkCode('loginCode', userId, code), 'ok');
      assert.equal(await secrets.checkCode('loginCode', userId, code), 'expired', 'used');
      const next = await secrets.issue({ purpose: 'loginCode', userId, kind: 'code' });
      const miss = next === '000000' ? '111111' : '000000';
      for (let i = 1; i < 5; i++) assert.equal(await secrets.checkCode('loginCode', userId, miss), 'wrong');
      assert.equal(await secrets.checkCode('loginCode', userId, miss), 'expired', 'burned at the fifth');
      assert.equal(await secrets.checkCode('loginCode', userId, next), 'expired');
    });

    test('two guesses at once both count', async () => {
      const { secrets } = context.repos;
      const userId = await context.repos.user();
      const code = await secrets.issue({ purpose: 'smsCode', userId, kind: 'code' });
      const miss = code === '000000' ? '111111' : '000000';
      const guesses = await Promise.all(
        [1, 2, 3, 4, 5].map(() => secrets.checkCode('smsCode', userId, miss)),
      );
      assert.deepEqual(guesses.filter((g) => g === 'expired').length, 1);
      assert.equal(await secrets.checkCode('smsCode', userId, code), 'expired');
    });
  },
);
