// The feature flags' stored values (core/domain/feature-flags.ts), one suite for both stores: over
// PGlite and over demo mode's stored tables, which now honour a flag's accounts and users as the
// server does.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { memoryTables } from '../../core/demo/tables';
import { FEATURE_FLAGS, storedFlags, storedFlagValues } from '../../core/domain/feature-flags';
import type { Tables } from '../../core/domain/tables';
import { repositorySuite } from '../../test/support/repository-suite';
import { sqlTables } from './tables';

repositorySuite<Tables>(
  'feature flag values',
  { pglite: (db) => sqlTables(db), demo: () => memoryTables({}) },
  (context) => {
    test("a flag is on for everyone, or for its accounts and users only; anyone sees only 'enabled'", async () => {
      const tables = context.repos;
      const { tenantId } = context;
      const userId = randomUUID();
      const [everyone, account, person] = ['everyone', 'account', 'person'].map(
        (k) => `suite-${k}-${tenantId}`,
      );
      const flag = { description: null, enabled: false, tenantIds: [], userIds: [] };
      await tables.of(FEATURE_FLAGS).insert({ ...flag, key: everyone!, enabled: true });
      await tables.of(FEATURE_FLAGS).insert({ ...flag, key: account!, tenantIds: [tenantId] });
      await tables.of(FEATURE_FLAGS).insert({ ...flag, key: person!, userIds: [userId] });
      const keys = [everyone!, account!, person!, 'suite-no-such-flag'];
      const rows = await storedFlags(tables, keys);
      assert.deepEqual(storedFlagValues(rows, { tenantId, userId: userId.toUpperCase() }), {
        [everyone!]: true,
        [account!]: true,
        [person!]: true,
      });
      assert.deepEqual(storedFlagValues(rows, { tenantId, anonymous: true }), {
        [everyone!]: true,
        [account!]: false,
        [person!]: false,
      });
      assert.deepEqual(await storedFlags(tables, []), [], 'no key asked: none read');
    });
  },
);
