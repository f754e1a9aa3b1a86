// The API-token repository (core/domain/api-token-store.ts), one suite for both stores: over
// PGlite (sqlTables) and over demo mode's stored tables (core/demo/platform.ts).
// The rules in core/domain/api-tokens.ts rely on what each case states.
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { seedDemoDatabase } from '../../core/demo/data';
import { demoPlatform } from '../../core/demo/platform';
import type { ApiTokenRepository, ApiTokenType, TokenKind } from '../../core/domain/api-tokens';
import { memoryTables } from '../../core/demo/tables';
import { addMember, repositorySuite, vendorRoleId } from '../../test/support/repository-suite';
import { apiTokenRepository, apiTokensOn } from '../../core/domain/api-token-store';
import { sqlTables } from './tables';

interface Owner {
  type: ApiTokenType;
  kind: TokenKind;
  tenantId: string;
  userId: string;
}

/** One owner's repository, and what a case sets up in each store: a member of the account, a role. */
interface Fixture {
  repo(owner: Owner): ApiTokenRepository;
  member(tenantId: string): Promise<string>;
  /** A built-in role, by key. */
  role(key: string): Promise<string>;
}

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const input = (description: string, roleIds: string[] = [], expiresInMinutes: number | null = null) => ({
  description,
  expiresInMinutes,
  roleIds,
  secret: randomUUID(),
});

repositorySuite<Fixture>(
  'API-token repository',
  {
    pglite: (db) => ({
      repo: (owner) => apiTokenRepository(sqlTables(db), owner, hash, { newId: randomUUID, now: Date.now }),
      async member(tenantId) {
        return addMember(sqlTables(db), tenantId, 'Member');
      },
      role: (key) => vendorRoleId(sqlTables(db), key),
    }),
    demo: () => {
      const db = seedDemoDatabase();
      return {
        repo: (owner) => apiTokensOn(demoPlatform(db, { random: randomUUID, now: Date.now }), owner),
        async member(tenantId) {
          return addMember(memoryTables((db.tables ??= {})), tenantId, 'Member');
        },
        role: async (key) => `role-${key}`,
      };
    },
  },
  (context) => {
    test("a personal token is its owner's alone, of its kind; listed newest first; found, described, removed", async () => {
      const [me, other] = [
        await context.repos.member(context.tenantId),
        await context.repos.member(context.tenantId),
      ];
      const owner = (userId: string, kind: TokenKind = 'api') =>
        context.repos.repo({ type: 'user', kind, tenantId: context.tenantId, userId });
      const first = await owner(me).insert(input('First', [], 60));
      assert.deepEqual(
        [
          first.type,
          first.tenantId,
          first.createdByUserId,
          first.description,
          first.expiresInMinutes,
          first.roleIds,
        ],
        ['user', context.tenantId, me, 'First', 60, []],
      );
      const lifetime = Date.parse(first.expires!) - Date.parse(first.createdAt);
      assert.ok(Math.abs(lifetime - 3_600_000) < 5_000, String(lifetime));
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = await owner(me).insert(input('Second'));
      assert.equal(second.expires, null);
      assert.deepEqual(
        (await owner(me).list()).map((t) => t.id),
        [second.id, first.id],
      );
      assert.deepEqual(await owner(other).list(), []);
      assert.deepEqual(await owner(me, 'access').list(), []);
      assert.equal(await owner(other).find(first.id), null);
      assert.equal(await owner(other).remove(first.id), false);
      await owner(me).update(first.id, { description: 'Renamed' });
      assert.equal((await owner(me).find(first.id))?.description, 'Renamed');
      assert.equal(await owner(me).remove(first.id), true);
      assert.equal(await owner(me).remove(first.id), false);
      assert.deepEqual(
        (await owner(me).list()).map((t) => t.id),
        [second.id],
      );
    });

    test("an account token carries its roles, replaced on update; the account's tokens are every member's", async () => {
      const [maker, colleague] = [
        await context.repos.member(context.tenantId),
        await context.repos.member(context.tenantId),
      ];
      const editor = await context.repos.role('Editor');
      const account = (userId: string) =>
        context.repos.repo({ type: 'tenant', kind: 'api', tenantId: context.tenantId, userId });
      const token = await account(maker).insert(input('CI', [editor]));
      assert.deepEqual([token.type, token.createdByUserId, token.roleIds], ['tenant', maker, [editor]]);
      assert.deepEqual(
        (await account(colleague).list()).map((t) => t.id),
        [token.id],
      );
      await account(colleague).update(token.id, { roleIds: [] });
      assert.deepEqual((await account(maker).find(token.id))?.roleIds, []);
      await account(colleague).update(token.id, { roleIds: [editor], description: 'Deploys' });
      const found = await account(maker).find(token.id);
      assert.deepEqual([found?.description, found?.roleIds], ['Deploys', [editor]]);
      assert.equal(await account(colleague).remove(token.id), true);
    });

    test("an account token's roles are read in the order of their ids, each once", async () => {
      const maker = await context.repos.member(context.tenantId);
      const ids = [await context.repos.role('Viewer'), await context.repos.role('Editor')];
      const account = context.repos.repo({
        type: 'tenant',
        kind: 'api',
        tenantId: context.tenantId,
        userId: maker,
      });
      const token = await account.insert(input('Both', [...ids].sort().reverse()));
      assert.deepEqual(token.roleIds, [...ids].sort());
      await account.update(token.id, { roleIds: [ids[0]!, ids[0]!] });
      assert.deepEqual((await account.find(token.id))?.roleIds, [ids[0]]);
    });
  },
);
