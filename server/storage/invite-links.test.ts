// The invite link's repository (core/domain/invite-links.ts), one suite for both stores: the server's
// over PGlite (SQL tables, the token hashed and sealed: server/domain/invitations.ts) and demo mode's
// over its stored tables (the token kept as is: core/demo/platform.ts). The rules in core/domain/invitations.ts
// rely on what each case states.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { DEMO_VENDOR_ID, seedDemoDatabase, userRows } from '../../core/demo/data';
import { tenantById } from '../../core/test-support/demoUsers';
import { memoryTables } from '../../core/demo/tables';
import { TENANTS } from '../../core/domain/tenant-tables';
import { demoPlatform } from '../../core/demo/platform';
import { inviteLinksOn } from '../../core/domain/invite-links';
import type { InviteLinkPorts } from '../../core/domain/invitations';
import { repositorySuite } from '../../test/support/repository-suite';
import { inviteLinkSecrets } from '../domain/invitations';
import { sqlTables } from './tables';
import { SecretBox } from '../domain/mfa-crypto';
import { insertUser } from './users';

/** The repository on a clock the case moves, a user of the store and the account's name and vendor. */
interface Fixture {
  links: InviteLinkPorts;
  clock: { now: number };
  userId(): Promise<string>;
  account(tenantId: string): Promise<{ name: string; vendorId: string }>;
  /** Deletes the account (the server keeps its row, marked deleted; the demo drops it). */
  deleteAccount(tenantId: string): Promise<void>;
}

const START = Date.parse('2026-05-01T10:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();
const MINUTE = 60_000;

repositorySuite<Fixture>(
  'invite links repository',
  {
    pglite: (db) => {
      const clock = { now: START };
      const account = async (tenantId: string) => {
        const { rows } = await db.query<{ name: string; vendor_id: string }>(
          'SELECT name, vendor_id FROM tenants WHERE id = $1',
          [tenantId],
        );
        return { name: rows[0]!.name, vendorId: rows[0]!.vendor_id };
      };
      return {
        links: inviteLinksOn({
          tables: sqlTables(db),
          clock: { newId: randomUUID, now: () => clock.now },
          invitations: { linkSecrets: inviteLinkSecrets({ secretBox: new SecretBox(randomBytes(32)) }) },
        }),
        clock,
        account,
        async deleteAccount(tenantId) {
          await db.query('UPDATE tenants SET deleted_at = now() WHERE id = $1', [tenantId]);
        },
        async userId() {
          const { rows } = await db.query<{ vendor_id: string }>('SELECT vendor_id FROM tenants LIMIT 1');
          const user = await insertUser(db, {
            vendorId: rows[0]!.vendor_id,
            email: `${randomUUID()}@example.com`,
            name: 'Link maker',
            passwordHash: null,
            verified: true,
          });
          return user.id;
        },
      };
    },
    demo: () => {
      const db = seedDemoDatabase();
      const clock = { now: START };
      let n = 0;
      return {
        links: inviteLinksOn(demoPlatform(db, { now: () => clock.now, random: () => `demo-id-${(n += 1)}` })),
        clock,
        userId: async () => userRows(db)[0]!.id,
        account: async (tenantId) => {
          const tenant = tenantById(db, tenantId)!;
          return { name: tenant.name, vendorId: DEMO_VENDOR_ID };
        },
        deleteAccount: async (tenantId) => {
          await memoryTables((db.tables ??= {}))
            .of(TENANTS)
            .remove({ id: tenantId });
        },
      };
    },
  },
  (context) => {
    const links = () => context.repos.links;
    const clock = () => context.repos.clock;

    test('an account without a link: nothing to find, show, change or remove', async () => {
      const { tenantId } = context;
      assert.equal(await links().find(tenantId), null);
      assert.equal(await links().token(tenantId), null);
      assert.equal(await links().update(tenantId, { shouldSendEmail: true }), null);
      assert.equal(await links().remove(tenantId), false);
      assert.equal(await links().tenantOf('no-such-token'), null);
    });

    test('a new link: its lifetime from now, its token shown again and leading to the account', async () => {
      const { tenantId } = context;
      clock().now = START;
      const createdBy = await context.repos.userId();
      const link = await links().replace(tenantId, {
        token: 'first-token',
        expiresInMinutes: 60,
        shouldSendEmail: true,
        createdBy,
      });
      const { name, vendorId } = await context.repos.account(tenantId);
      assert.deepEqual(
        { ...link, id: typeof link.id },
        {
          id: 'string',
          tenantId,
          vendorId,
          expiresInMinutes: 60,
          expiresAt: at(START + 60 * MINUTE),
          shouldSendEmail: true,
          createdAt: at(START),
          updatedAt: at(START),
        },
      );
      assert.deepEqual(await links().find(tenantId), link);
      assert.equal(await links().token(tenantId), 'first-token');
      assert.deepEqual(await links().tenantOf('first-token'), { tenantId, name, shouldSendEmail: true });
    });

    test('a new link replaces the older one (its id kept): the older token leads nowhere', async () => {
      const { tenantId } = context;
      const before = (await links().find(tenantId))!;
      clock().now = START + 5 * MINUTE;
      // A tenant API token's id names no user: the link is kept without its creator.
      const link = await links().replace(tenantId, {
        token: 'second-token',
        expiresInMinutes: 30,
        shouldSendEmail: false,
        createdBy: randomUUID(),
      });
      assert.equal(link.id, before.id);
      assert.deepEqual([link.createdAt, link.expiresAt], [at(START + 5 * MINUTE), at(START + 35 * MINUTE)]);
      assert.equal(await links().tenantOf('first-token'), null);
      assert.equal((await links().tenantOf('second-token'))?.tenantId, tenantId);
      assert.equal(await links().token(tenantId), 'second-token');
    });

    test('a change: a new lifetime counts from now, the rest kept; an expired link leads nowhere', async () => {
      const { tenantId } = context;
      clock().now = START + 10 * MINUTE;
      const flagged = (await links().update(tenantId, { shouldSendEmail: true }))!;
      assert.deepEqual(
        [flagged.expiresInMinutes, flagged.expiresAt, flagged.shouldSendEmail, flagged.updatedAt],
        [30, at(START + 35 * MINUTE), true, at(START + 10 * MINUTE)],
      );
      const longer = (await links().update(tenantId, { expiresInMinutes: 120 }))!;
      assert.deepEqual(
        [longer.expiresInMinutes, longer.expiresAt, longer.shouldSendEmail, longer.createdAt],
        [120, at(START + 130 * MINUTE), true, at(START + 5 * MINUTE)],
      );
      assert.equal(await links().token(tenantId), 'second-token');
      clock().now = START + 130 * MINUTE;
      assert.equal(await links().tenantOf('second-token'), null);
      clock().now = START + 129 * MINUTE;
      assert.equal((await links().tenantOf('second-token'))?.shouldSendEmail, true);
    });

    test('removed: gone, and its token leads nowhere', async () => {
      const { tenantId } = context;
      assert.equal(await links().remove(tenantId), true);
      assert.equal(await links().find(tenantId), null);
      assert.equal(await links().token(tenantId), null);
      assert.equal(await links().tenantOf('second-token'), null);
      assert.equal(await links().remove(tenantId), false);
    });

    test("a deleted account's link leads nowhere", async () => {
      const { tenantId } = context;
      clock().now = START;
      await links().replace(tenantId, {
        token: 'third-token',
        expiresInMinutes: 60,
        shouldSendEmail: false,
        createdBy: await context.repos.userId(),
      });
      assert.equal((await links().tenantOf('third-token'))?.tenantId, tenantId);
      await context.repos.deleteAccount(tenantId);
      assert.equal(await links().tenantOf('third-token'), null);
    });
  },
);
