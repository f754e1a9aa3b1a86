// The security policies' repositories (core/domain/security-policy-storage.ts), one suite for both
// stores, each over its backend's platform (the security page's area ports read them so): the
// server's over PGlite and demo mode's over its stored tables. The rules in core/domain rely on what
// each case states.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedDemoDatabase } from '../../core/demo/data';
import { demoPlatform } from '../../core/demo/platform';
import type { Platform } from '../../core/domain/platform';
import { POLICY_DEFAULTS, type SecurityPolicyPorts } from '../../core/domain/security-policies';
import { securityPolicyRepositories } from '../../core/domain/security-policy-storage';
import { platformOver } from '../../test/support/platform';
import { repositorySuite } from '../../test/support/repository-suite';

type Repositories = Omit<SecurityPolicyPorts, 'emit'>;

const repositoriesOn = ({ tables, clock }: Platform): Repositories =>
  securityPolicyRepositories(tables, clock);

repositorySuite<Repositories>(
  'security policy repositories',
  {
    pglite: (db) => repositoriesOn(platformOver(db)),
    demo: () => {
      // Each call is a request at a later time (the demo backend builds the ports per request).
      let clock = Date.parse('2026-01-01T00:00:00Z');
      let sequence = 0;
      return repositoriesOn(
        demoPlatform(seedDemoDatabase(), {
          now: () => (clock += 1000),
          random: () => `row-${(sequence += 1)}`,
        }),
      );
    },
  },
  (context) => {
    test('the vendor default keeps one id; an account has none until it saves, then its own', async () => {
      const first = await context.repos.policies.vendor('lockout', POLICY_DEFAULTS.lockout);
      const again = await context.repos.policies.vendor('lockout', POLICY_DEFAULTS.lockout);
      assert.equal(again.id, first.id);
      assert.equal(await context.repos.policies.ofAccount('lockout', context.tenantId), null);
      const saved = await context.repos.policies.saveForAccount('lockout', context.tenantId, {
        enabled: true,
        maxAttempts: 3,
      });
      assert.notEqual(saved.id, first.id);
      assert.deepEqual(saved.settings, { enabled: true, maxAttempts: 3 });
      const resaved = await context.repos.policies.saveForAccount('lockout', context.tenantId, {
        enabled: false,
        maxAttempts: 7,
      });
      assert.equal(resaved.id, saved.id, 'saving again replaces the same policy');
      assert.deepEqual((await context.repos.policies.ofAccount('lockout', context.tenantId))?.settings, {
        enabled: false,
        maxAttempts: 7,
      });
    });

    test('the MFA policy keeps each of its three values; the session policy keeps its parts', async () => {
      for (const enforceMFAType of ['Force', 'ForceExceptSAML', 'DontForce'] as const) {
        await context.repos.policies.saveForAccount('mfa', context.tenantId, { enforceMFAType });
        assert.deepEqual((await context.repos.policies.ofAccount('mfa', context.tenantId))?.settings, {
          enforceMFAType,
        });
      }
      const sessions = {
        ...POLICY_DEFAULTS.sessions,
        sessionIdleTimeoutConfiguration: { isActive: true, timeout: 600 },
      };
      await context.repos.policies.saveForAccount('sessions', context.tenantId, sessions);
      assert.deepEqual(
        (await context.repos.policies.ofAccount('sessions', context.tenantId))?.settings,
        sessions,
      );
    });

    test('IP entries: added, updated for the same address and list, paged newest first, removed', async () => {
      assert.equal(await context.repos.ipRestrictions.config(context.tenantId), null);
      await context.repos.ipRestrictions.saveConfig(context.tenantId, { isActive: true, strategy: 'BLOCK' });
      assert.deepEqual(await context.repos.ipRestrictions.config(context.tenantId), {
        isActive: true,
        strategy: 'BLOCK',
      });
      for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.0/8'])
        await context.repos.ipRestrictions.upsert(context.tenantId, [
          { ip, strategy: 'ALLOW', isActive: ip !== '10.0.0.2', description: `office ${ip}` },
        ]);
      const createdOf = async (ip: string) =>
        (
          await context.repos.ipRestrictions.page(context.tenantId, {
            offset: 0,
            limit: 10,
            strategy: 'ALLOW',
          })
        ).items.find((e) => e.ip === ip)?.createdAt;
      const firstCreated = await createdOf('10.0.0.1');
      await context.repos.ipRestrictions.upsert(context.tenantId, [
        { ip: '10.0.0.1', strategy: 'ALLOW', isActive: true, description: null },
        { ip: '10.0.0.1', strategy: 'BLOCK', isActive: true, description: null },
      ]);
      const allows = await context.repos.ipRestrictions.page(context.tenantId, {
        offset: 0,
        limit: 10,
        strategy: 'ALLOW',
      });
      assert.equal(allows.total, 3);
      assert.deepEqual(allows.items.map((e) => e.ip).sort(), ['10.0.0.0/8', '10.0.0.1', '10.0.0.2']);
      const times = allows.items.map((e) => Date.parse(String(e.createdAt)));
      assert.deepEqual(
        times,
        [...times].sort((a, b) => b - a),
        'newest first',
      );
      assert.deepEqual(await createdOf('10.0.0.1'), firstCreated, 'an update keeps when the entry was made');
      const updated = allows.items.find((e) => e.ip === '10.0.0.1')!;
      assert.equal(updated.description, undefined, 'an update without a description clears it');
      const second = await context.repos.ipRestrictions.page(context.tenantId, {
        offset: 1,
        limit: 1,
        strategy: 'ALLOW',
      });
      assert.deepEqual(
        second.items.map((e) => e.ip),
        ['10.0.0.2'],
      );
      assert.equal(
        (await context.repos.ipRestrictions.page(context.tenantId, { offset: 0, limit: 10, strategy: null }))
          .total,
        4,
      );
      assert.deepEqual((await context.repos.ipRestrictions.activeIps(context.tenantId, 'ALLOW')).sort(), [
        '10.0.0.0/8',
        '10.0.0.1',
      ]);
      assert.equal(await context.repos.ipRestrictions.remove(context.tenantId, updated.id), true);
      assert.equal(await context.repos.ipRestrictions.remove(context.tenantId, updated.id), false);
      assert.deepEqual(await context.repos.ipRestrictions.activeIps(context.tenantId, 'ALLOW'), [
        '10.0.0.0/8',
      ]);
      // Entries saved together share their time (one transaction; PGlite's clock counts
      // milliseconds): the later one is still listed first, page after page.
      await context.repos.ipRestrictions.upsert(
        context.tenantId,
        ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4'].map((ip) => ({
          ip,
          strategy: 'BLOCK' as const,
          isActive: true,
          description: null,
        })),
      );
      const blocks = await context.repos.ipRestrictions.page(context.tenantId, {
        offset: 0,
        limit: 10,
        strategy: 'BLOCK',
      });
      assert.deepEqual(
        blocks.items.map((e) => e.ip),
        ['192.0.2.4', '192.0.2.3', '192.0.2.2', '192.0.2.1', '10.0.0.1'],
      );
    });

    test('email domains: one entry per domain and list, config kept, removed once', async () => {
      assert.equal(await context.repos.emailDomains.config(context.tenantId), null);
      const config = { active: true, listType: 'BLOCK' as const, blockPublicDomains: true };
      await context.repos.emailDomains.saveConfig(context.tenantId, config);
      assert.deepEqual(await context.repos.emailDomains.config(context.tenantId), config);
      const added = await context.repos.emailDomains.add(context.tenantId, 'example.com', 'ALLOW');
      assert.deepEqual(await context.repos.emailDomains.add(context.tenantId, 'example.com', 'ALLOW'), added);
      const blocked = await context.repos.emailDomains.add(context.tenantId, 'example.com', 'BLOCK');
      assert.notEqual(blocked.id, added.id);
      assert.equal((await context.repos.emailDomains.list(context.tenantId)).length, 2);
      assert.equal(await context.repos.emailDomains.remove(context.tenantId, added.id), true);
      assert.equal(await context.repos.emailDomains.remove(context.tenantId, added.id), false);
      assert.deepEqual(await context.repos.emailDomains.list(context.tenantId), [blocked]);
    });
  },
);
