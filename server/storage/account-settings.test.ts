// An account's settings on its row (core/domain/tenant-repositories.ts accountSettingsOver), one suite
// for both stores: over PGlite (server/storage/tables.ts) and over demo mode's tables
// (core/demo/tables.ts). core/domain/account-settings.ts relies on what each case states.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { seedDemoDatabase } from '../../core/demo/data';
import { memoryTables } from '../../core/demo/tables';
import type { AccountSettingsRepository } from '../../core/domain/account-settings';
import { accountSettingsOver, customLoginsOver } from '../../core/domain/tenant-repositories';
import type { Tables } from '../../core/domain/tables';
import { repositorySuite } from '../../test/support/repository-suite';
import { SERVER_ROW_CLOCK, sqlTables } from './tables';

const over = (tables: Tables) => ({
  repo: accountSettingsOver(tables, SERVER_ROW_CLOCK),
  logins: customLoginsOver(tables, SERVER_ROW_CLOCK),
});

repositorySuite<{ repo: AccountSettingsRepository; logins: ReturnType<typeof customLoginsOver> }>(
  'account settings repository',
  { pglite: (db) => over(sqlTables(db)), demo: () => over(memoryTables((seedDemoDatabase().tables ??= {}))) },
  (context) => {
    test('a new account has the defaults; an unknown account reads null', async () => {
      const { repo } = context.repos;
      const settings = await repo.get(context.tenantId);
      assert.deepEqual(
        { ...settings, name: undefined },
        {
          tenantId: context.tenantId,
          name: undefined,
          address: null,
          website: null,
          timezone: null,
          currency: 'USD',
          dateFormat: 'DD/MM/YYYY',
          timeFormat: 'HH:mm',
          logo: null,
          metadata: '{}',
          locale: null,
          hasCustomLogin: false,
        },
      );
      assert.equal(await repo.get(randomUUID()), null);
      assert.equal(await repo.update(randomUUID(), { name: 'Nobody' }), null);
    });

    test('only the fields sent change: null clears an optional one, the others stay', async () => {
      const { repo } = context.repos;
      const metadata = JSON.stringify({ plan: 'gold' });
      await repo.update(context.tenantId, {
        address: '1 Main St',
        currency: 'EUR',
        dateFormat: 'YYYY-MM-DD',
        metadata,
      });
      const changed = await repo.update(context.tenantId, { name: 'Renamed', address: null });
      assert.deepEqual(
        [changed?.name, changed?.address, changed?.currency, changed?.dateFormat, changed?.metadata],
        ['Renamed', null, 'EUR', 'YYYY-MM-DD', metadata],
      );
    });

    test('custom login counts once it is on with an alias', async () => {
      const { repo, logins } = context.repos;
      await logins.save(context.tenantId, { enabled: false, loginAlias: `off-${Date.now()}` });
      assert.equal((await repo.get(context.tenantId))?.hasCustomLogin, false);
      await logins.save(context.tenantId, { enabled: true, loginAlias: `on-${Date.now()}` });
      assert.equal((await repo.get(context.tenantId))?.hasCustomLogin, true);
    });
  },
);
