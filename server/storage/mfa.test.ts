// MFA's repositories, one suite for both stores: core/domain/mfa-store.ts over PGlite (the server's,
// server/storage/mfa.ts) and over the page's stored tables (demo mode's platform and its `mfa` member, core/demo/mfaRepository.ts). The use cases of
// core/domain/mfa-devices.ts and mfa-gate.ts run over either; each case states what they rely on.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { isContractError } from '../../core/contract/errors';
import { seedDemoDatabase } from '../../core/demo/data';
import { demoPlatform } from '../../core/demo/platform';
import { securityPolicyRepositories as repositoriesOver } from '../../core/domain/security-policy-storage';
import {
  enrolDevice,
  issueRecoveryCodes,
  recoveryCodesAfterUse,
  redeemRecoveryCode,
  removeDevice,
} from '../../core/domain/mfa-devices';
import { assertNotLocked, issueCode, spendSentCode } from '../../core/domain/mfa-challenges';
import { DEFAULT_MFA_POLICY, mfaPolicyOf } from '../../core/domain/mfa-gate';
import { mfaStorePorts } from '../../core/domain/mfa-store';
import type { EnforceMfaType, MfaPorts } from '../../core/domain/mfa-ports';
import { getVendorSettings } from '../domain/vendor';
import { insertUser } from './users';
import { repositorySuite } from '../../test/support/repository-suite';
import { mfaStore } from './mfa';
import { securityPolicyRepositories } from './security-policies';

const codeOf = (code: string) => (error: unknown) =>
  isContractError(error) && error.codes.includes(code as never);

/**
 * The store, and what a case sets up in it: a user, the vendor's MFA enforced, and an account's MFA
 * policy saved as the security page saves it (its store's repository).
 */
interface Fixture {
  repo: MfaPorts;
  user(): Promise<string>;
  enforceMfa(): Promise<void>;
  saveAccountPolicy(tenantId: string, enforceMFAType: EnforceMfaType): Promise<void>;
}

repositorySuite<Fixture>(
  'MFA repository',
  {
    pglite: (db) => ({
      repo: mfaStore(db, (purpose, token) => `${purpose}:${token}`),
      async user() {
        const user = await insertUser(db, {
          vendorId: (await getVendorSettings(db)).id,
          email: `mfa-${randomUUID()}@example.com`,
          name: 'MFA',
          passwordHash: null,
          verified: true,
        });
        return user.id;
      },
      async enforceMfa() {
        await db.query(
          `INSERT INTO security_policies (kind, tenant_id, settings) VALUES ('mfa', NULL, '{"enforceMFAType":"Force"}')
           ON CONFLICT (kind) WHERE tenant_id IS NULL DO UPDATE SET settings = EXCLUDED.settings`,
        );
      },
      async saveAccountPolicy(tenantId, enforceMFAType) {
        await securityPolicyRepositories(db).policies.saveForAccount('mfa', tenantId, { enforceMFAType });
      },
    }),
    demo: () => {
      const db = seedDemoDatabase();
      let now = Date.parse('2026-01-01T00:00:00Z');
      const demo = demoPlatform(db, { random: () => randomUUID(), now: () => (now += 1000) });
      return {
        repo: mfaStorePorts(demo.tables, demo.clock, demo.mfa),
        user: async () => randomUUID(),
        async enforceMfa() {
          db.settings = { ...db.settings, mfaEnforced: true } as typeof db.settings;
        },
        async saveAccountPolicy(tenantId, enforceMFAType) {
          const { tables, clock } = demoPlatform(db, { now: () => now, random: () => randomUUID() });
          await repositoriesOver(tables, clock).policies.saveForAccount('mfa', tenantId, { enforceMFAType });
        },
      };
    },
  },
  (context) => {
    test('devices: listed oldest first, found by id and kind or by credential; passkeys are not second factors', async () => {
      const { repo } = context.repos;
      const userId = await context.repos.user();
      const phone = await repo.devices.add(userId, { kind: 'sms', phone: '+15550100', name: 'Phone' });
      const credentialId = `cred-${randomUUID()}`;
      const passkey = await repo.devices.add(userId, {
        kind: 'webauthn',
        credentialId,
        publicKey: 'key',
        signCount: 3,
        transports: ['usb', 'nfc'],
        deviceType: 'platform',
        passkey: true,
      });
      assert.deepEqual(
        (await repo.devices.list(userId)).map((d) => [d.id, d.kind, d.passkey]),
        [
          [phone, 'sms', false],
          [passkey, 'webauthn', true],
        ],
      );
      assert.equal((await repo.devices.list(userId)).filter((d) => !d.passkey).length, 1);
      const found = await repo.devices.find(userId, phone, 'sms');
      assert.equal(found?.phone, '+15550100');
      assert.equal(found?.name, 'Phone');
      assert.equal(await repo.devices.find(userId, phone, 'email'), null);
      assert.equal(await repo.devices.find(await context.repos.user(), phone), null);
      const key = await repo.devices.byCredential(credentialId);
      assert.equal(key?.id, passkey);
      assert.equal(key?.signCount, 3);
      // The transports are the browser's hint at the next ceremony (allowCredentials).
      assert.deepEqual(key?.transports, ['usb', 'nfc']);
      await repo.devices.recordUse(passkey, 7);
      const used = await repo.devices.byCredential(credentialId);
      assert.equal(used?.signCount, 7);
      assert.ok(used?.lastUsedAt);
      assert.equal(await repo.devices.remove(userId, phone, 'email'), false);
      assert.equal(await repo.devices.remove(userId, phone, 'sms'), true);
      assert.equal(await repo.devices.remove(userId, phone), false);
    });

    test("an authenticator's time step only moves forward (a code is accepted once)", async () => {
      const { repo } = context.repos;
      const userId = await context.repos.user();
      const app = await repo.devices.add(userId, {
        kind: 'authenticator',
        secret: 'sealed',
        lastTimeStep: 100,
      });
      assert.equal((await repo.devices.find(userId, app))?.lastTimeStep, 100);
      assert.equal(await repo.devices.advanceTimeStep(app, 100), false);
      assert.equal(await repo.devices.advanceTimeStep(app, 101), true);
      assert.equal(await repo.devices.advanceTimeStep(app, 100), false);
      assert.equal((await repo.devices.find(userId, app))?.lastTimeStep, 101);
    });

    test('recovery codes: a set replaces the last one; each code works once, in any case and spacing', async () => {
      const { repo } = context.repos;
      const userId = await context.repos.user();
      const first = await issueRecoveryCodes(repo, userId);
      assert.equal(first.length, 10);
      for (const code of first) assert.match(code, /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
      const second = await issueRecoveryCodes(repo, userId);
      assert.equal(await redeemRecoveryCode(repo, userId, first[0]!), false);
      assert.equal(
        await redeemRecoveryCode(repo, userId, ` ${second[0]!.toLowerCase().replace(/-/g, ' ')} `),
        true,
      );
      assert.equal(await redeemRecoveryCode(repo, userId, second[0]!), false);
      assert.equal(await repo.recoveryCodes.count(userId), 9);
      assert.equal(await recoveryCodesAfterUse(repo, userId), null);
      for (const code of second.slice(1)) assert.equal(await redeemRecoveryCode(repo, userId, code), true);
      const next = await recoveryCodesAfterUse(repo, userId);
      assert.equal(next?.length, 10);
      assert.equal(await redeemRecoveryCode(repo, userId, next![9]!), true);
    });

    test('the first second factor brings recovery codes, a passkey or a second device none; the last one removed takes them', async () => {
      const { repo } = context.repos;
      const userId = await context.repos.user();
      const passkey = await enrolDevice(repo, userId, {
        kind: 'webauthn',
        credentialId: randomUUID(),
        passkey: true,
      });
      assert.equal(passkey.recoveryCodes, null);
      const phone = await enrolDevice(repo, userId, { kind: 'sms', phone: '+15550101' });
      assert.equal(phone.recoveryCodes?.length, 10);
      const email = await enrolDevice(repo, userId, { kind: 'email', email: 'mfa@example.com' });
      assert.equal(email.recoveryCodes, null);
      await removeDevice(repo, userId, phone.deviceId, 'sms');
      assert.equal(await repo.recoveryCodes.count(userId), 10);
      await assert.rejects(
        removeDevice(repo, userId, phone.deviceId),
        (error) => isContractError(error) && error.codes.includes('MFA_DEVICE_UNKNOWN'),
      );
      await removeDevice(repo, userId, email.deviceId);
      assert.equal(await repo.recoveryCodes.count(userId), 0);
      assert.equal((await repo.devices.list(userId)).filter((d) => !d.passkey).length, 0);
      assert.equal((await repo.devices.list(userId)).length, 1);
    });

    test("the gate's read: the user's second factors (no passkey) and the policy rows in force", async () => {
      const { repo } = context.repos;
      const userId = await context.repos.user();
      const empty = await repo.gate.gateFacts(userId, context.tenantId);
      assert.deepEqual(empty.secondFactors, []);
      assert.equal(mfaPolicyOf(empty).enforceMFAType, 'DontForce');
      assert.equal(mfaPolicyOf(empty).allowRememberDevice, true);
      await repo.devices.add(userId, { kind: 'webauthn', credentialId: randomUUID(), passkey: true });
      const phone = await repo.devices.add(userId, { kind: 'sms', phone: '+15550102' });
      const app = await repo.devices.add(userId, { kind: 'authenticator', secret: 's' });
      await context.repos.enforceMfa();
      const facts = await repo.gate.gateFacts(userId, context.tenantId);
      assert.deepEqual(
        facts.secondFactors.map((d) => d.id),
        [phone, app],
      );
      assert.deepEqual(
        facts.secondFactors[0],
        (await repo.devices.list(userId)).find((d) => d.id === phone),
      );
      assert.equal(mfaPolicyOf(facts).enforceMFAType, 'Force');
      assert.equal(mfaPolicyOf(await repo.gate.gateFacts(null, context.tenantId)).enforceMFAType, 'Force');
    });

    test("the gate's read: the policy the account saved on the security page, remember-device as the server's columns default it", async () => {
      const { repo } = context.repos;
      await context.repos.enforceMfa();
      await context.repos.saveAccountPolicy(context.tenantId, 'ForceExceptSAML');
      const policy = mfaPolicyOf(await repo.gate.gateFacts(null, context.tenantId));
      assert.deepEqual(policy, { ...DEFAULT_MFA_POLICY, enforceMFAType: 'ForceExceptSAML' });
      await context.repos.saveAccountPolicy(context.tenantId, 'DontForce');
      const own = mfaPolicyOf(await repo.gate.gateFacts(null, context.tenantId));
      assert.equal(own.enforceMFAType, 'DontForce', "the account's own policy, not the vendor's");
      assert.equal(mfaPolicyOf(await repo.gate.gateFacts(null, null)).enforceMFAType, 'Force');
    });

    test('devices added within one millisecond (PGlite counts no finer) keep the order they were added in', async () => {
      const { repo } = context.repos;
      const userId = await context.repos.user();
      const added: string[] = [];
      for (let i = 0; i < 8; i += 1)
        added.push(await repo.devices.add(userId, { kind: 'sms', phone: `+1555010${i}` }));
      assert.deepEqual(
        (await repo.devices.list(userId)).map((d) => d.id),
        added,
      );
      assert.deepEqual(
        (await repo.gate.gateFacts(userId, context.tenantId)).secondFactors.map((d) => d.id),
        added,
      );
    });

    test('challenges: found and used once, by purpose, key and user; the fifth failure uses one up', async () => {
      const { repo } = context.repos;
      const userId = await context.repos.user();
      const issue = (key: string, ttlSeconds = 60) =>
        repo.challenges.issue({ purpose: 'otc', userId, key, data: { kind: 'sms' }, ttlSeconds });
      await issue('k1');
      assert.equal(await repo.challenges.find('mfaLogin', 'k1'), null);
      assert.equal(await repo.challenges.find('otc', 'k1', await context.repos.user()), null);
      const row = await repo.challenges.find('otc', 'k1', userId);
      assert.deepEqual([row?.userId, row?.data, row?.failedAttempts], [userId, { kind: 'sms' }, 0]);
      assert.equal((await repo.challenges.consume('otc', 'k1'))?.id, row!.id);
      assert.equal(await repo.challenges.consume('otc', 'k1'), null);
      assert.equal(await repo.challenges.consumeById(row!.id), false);
      await issue('k2');
      const second = (await repo.challenges.find('otc', 'k2'))!;
      // The challenge as first read: each failure counted meanwhile is read again, none is lost.
      for (const expected of [1, 2, 3, 4]) assert.equal(await repo.challenges.fail(second, 5), expected);
      assert.equal((await repo.challenges.find('otc', 'k2'))?.failedAttempts, 4);
      assert.equal(await repo.challenges.fail(second, 5), 5);
      assert.equal(await repo.challenges.find('otc', 'k2'), null);
      await issue('gone', 0);
      assert.equal(await repo.challenges.find('otc', 'gone'), null, 'expired');
    });

    test('challenges: wrong answers sent at once all count, each against the count it read', async () => {
      const { repo } = context.repos;
      const userId = await context.repos.user();
      await repo.challenges.issue({ purpose: 'otc', userId, key: 'race', data: {}, ttlSeconds: 60 });
      const read = (await repo.challenges.find('otc', 'race'))!;
      const counts = await Promise.all([1, 2, 3].map(() => repo.challenges.fail(read, 5)));
      assert.deepEqual(
        counts.sort((a, b) => a - b),
        [1, 2, 3],
      );
      assert.equal((await repo.challenges.find('otc', 'race'))?.failedAttempts, 3);
    });

    test("challenges: the user's live one of a purpose, and all of them retired at once", async () => {
      const { repo } = context.repos;
      const userId = await context.repos.user();
      const issue = (key: string) =>
        repo.challenges.issue({ purpose: 'enrollTotp', userId, key, data: { key }, ttlSeconds: 60 });
      await issue('first');
      assert.deepEqual((await repo.challenges.latest(userId, 'enrollTotp'))?.data, { key: 'first' });
      assert.equal(await repo.challenges.latest(await context.repos.user(), 'enrollTotp'), null);
      await repo.challenges.retire(userId, 'enrollTotp');
      assert.equal(await repo.challenges.latest(userId, 'enrollTotp'), null);
      await issue('second');
      assert.deepEqual((await repo.challenges.latest(userId, 'enrollTotp'))?.data, { key: 'second' });
    });

    test('remembered browsers and the failure window', async () => {
      const { repo } = context.repos;
      const userId = await context.repos.user();
      await repo.remembered.remember(userId, 'browser', 3600);
      await repo.remembered.remember(userId, 'lapsed', 0);
      assert.equal(await repo.remembered.isRemembered(userId, 'browser'), true);
      assert.equal(await repo.remembered.isRemembered(userId, 'lapsed'), false);
      assert.equal(await repo.remembered.isRemembered(await context.repos.user(), 'browser'), false);
      assert.equal(await repo.failures.count(userId, 900), 0);
      assert.equal(await repo.failures.record(userId, 900), 1);
      assert.equal(await repo.failures.record(userId, 900), 2);
      assert.equal(await repo.failures.count(userId, 900), 2);
      await repo.failures.clear(userId);
      assert.equal(await repo.failures.count(userId, 900), 0);
    });

    test('core/domain/mfa-challenges.ts: a sent code proves its step once; the fifth wrong guess burns it', async () => {
      const { repo } = context.repos;
      const userId = await context.repos.user();
      const spend = (otcToken: string, code: string) =>
        spendSentCode(repo, { userId, row: null, otcToken, code, use: { step: 'enrolSms' } });
      const sent = await issueCode(repo, userId, { kind: 'sms', phone: '+15550103' });
      assert.match(sent.code, /^[0-9]{6}$/);
      const wrongCode = sent.code === '000000' ? '111111' : '000000';
      await assert.rejects(spend(sent.otcToken, wrongCode), codeOf('MFA_CODE_WRONG'));
      const target = await spend(sent.otcToken, sent.code);
      assert.deepEqual([target.kind, target.phone], ['sms', '+15550103']);
      await assert.rejects(spend(sent.otcToken, sent.code), codeOf('MFA_CODE_EXPIRED'));
      const burnt = await issueCode(repo, userId, { kind: 'sms', phone: '+15550103' });
      for (let i = 0; i < 4; i++)
        await assert.rejects(spend(burnt.otcToken, wrongCode), codeOf('MFA_CODE_WRONG'));
      // The fifth burns the code: it answers as an expired one from then on.
      await assert.rejects(spend(burnt.otcToken, wrongCode), codeOf('MFA_CODE_EXPIRED'));
      await assert.rejects(spend(burnt.otcToken, burnt.code), codeOf('MFA_CODE_EXPIRED'));
      // Eight failures so far for the user; the tenth locks every MFA check out.
      await assert.rejects(spend('unknown-token-of-the-right-shape', '123456'), codeOf('MFA_CODE_EXPIRED'));
      await assertNotLocked(repo, userId);
      await assert.rejects(spend('unknown-token-of-the-right-shape', '123456'), codeOf('MFA_CODE_EXPIRED'));
      await assert.rejects(assertNotLocked(repo, userId), codeOf('MFA_TOO_MANY_ATTEMPTS'));
    });
  },
);
