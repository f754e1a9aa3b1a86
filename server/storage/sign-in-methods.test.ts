// The sign-in methods' store, one suite for both stores: the repository of
// core/domain/sign-in-method-storage.ts with each platform's application methods, the server's
// vendor over PGlite (server/storage/sign-in-methods.ts) and demo mode's settings over its stored
// tables (core/demo/platform.ts, core/demo/signInMethods.ts). The rules of
// core/domain/sign-in-methods.ts rely on what each case states.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { demoSignInMethodPorts } from '../../core/demo/signInMethods';
import { seedDemoDatabase } from '../../core/demo/data';
import { demoPlatform } from '../../core/demo/platform';
import type { Platform } from '../../core/domain/platform';
import { signInMethodStore } from '../../core/domain/sign-in-method-storage';
import {
  accountSignInMethods,
  saveAccountSignInMethods,
  type SignInMethodStore,
} from '../../core/domain/sign-in-methods';
import { platformOver } from '../../test/support/platform';
import { repositorySuite } from '../../test/support/repository-suite';

/** The store as the sign-in methods' area reads it on a backend's platform. */
const storeOn = ({ tables, clock, signInMethods }: Platform) =>
  signInMethodStore(tables, clock, signInMethods);

/** Demo mode's store, and what its sign-in reads of the same stored rows. */
function demoStore(): SignInMethodStore & { signInReads: ReturnType<typeof demoSignInMethodPorts> } {
  const db = seedDemoDatabase();
  const platform = demoPlatform(db, {
    now: () => Date.parse('2026-11-28T12:00:00Z'),
    random: () => 'unused',
  });
  return { ...storeOn(platform), signInReads: demoSignInMethodPorts(db) };
}

repositorySuite<SignInMethodStore & { signInReads?: ReturnType<typeof demoSignInMethodPorts> }>(
  'sign-in method repository',
  { pglite: (db) => storeOn(platformOver(db)), demo: demoStore },
  (context) => {
    test("an account has no choice of its own until it saves one; forgetting it goes back to the vendor's", async () => {
      const { repos, tenantId } = context;
      assert.equal(await repos.ofAccount(tenantId), null);
      const vendor = await accountSignInMethods(repos, tenantId);
      assert.ok(vendor.main.includes('EmailAndPassword'), 'every local method is on by default');
      await repos.saveForAccount(tenantId, { main: ['Code', 'EmailAndPassword'], passkeys: false });
      assert.deepEqual(await repos.ofAccount(tenantId), {
        main: ['Code', 'EmailAndPassword'],
        passkeys: false,
      });
      await repos.saveForAccount(tenantId, { main: ['MagicLink'], passkeys: false });
      assert.deepEqual(await repos.ofAccount(tenantId), { main: ['MagicLink'], passkeys: false });
      // Demo mode's sign-in reads the same rows without the store (its first chunk).
      if (repos.signInReads)
        assert.deepEqual(await repos.signInReads.ofAccount(tenantId), {
          main: ['MagicLink'],
          passkeys: false,
        });
      assert.deepEqual((await accountSignInMethods(repos, tenantId)).main, ['MagicLink']);
      await repos.forgetAccount(tenantId);
      assert.equal(await repos.ofAccount(tenantId), null);
      assert.deepEqual(await accountSignInMethods(repos, tenantId), vendor);
    });

    test('the vendor keeps a primary method; a new account has no SSO connection, so SSO only is refused', async () => {
      const { repos, tenantId } = context;
      const stored = await repos.vendor();
      assert.equal(stored?.authStrategy, 'EmailAndPassword');
      assert.equal(await repos.federatedSignInExists(tenantId), false);
      await assert.rejects(
        saveAccountSignInMethods(repos, tenantId, {
          mainAuthStrategies: [{ strategy: 'NoLocalAuthentication' }],
        }),
        { codes: ['SIGN_IN_NO_LOCAL_NEEDS_SSO'] },
      );
      assert.equal(await repos.ofAccount(tenantId), null, 'a refused save stores nothing');
    });
  },
);
