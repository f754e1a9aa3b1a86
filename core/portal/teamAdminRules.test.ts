import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiTokenBody, expiryFromDays, MAX_TOKEN_EXPIRY_DAYS } from './apiTokensApi';
import { groupCreationBody, groupUpdateBody } from './groupsApi';
import { createTokenThenReveal, DIALOG_DELAY_MS, prependToken } from './apiTokenCreation';
import { holdsPermission } from '../contract/permissions';
import { roleKeyFromName, validateRoleForm } from './roleForm';

describe('API token expiry: days in, minutes out (spec 001 §5: days × 1440, empty means never)', () => {
  const table: Array<[string, ReturnType<typeof expiryFromDays>]> = [
    ['', { ok: true, expiresInMinutes: null }],
    ['   ', { ok: true, expiresInMinutes: null }],
    ['1', { ok: true, expiresInMinutes: 1440 }],
    ['30', { ok: true, expiresInMinutes: 43200 }],
    [' 7 ', { ok: true, expiresInMinutes: 10080 }],
    [String(MAX_TOKEN_EXPIRY_DAYS), { ok: true, expiresInMinutes: 3650 * 1440 }],
    [String(MAX_TOKEN_EXPIRY_DAYS + 1), { ok: false, error: 'tooLong' }],
    ['0', { ok: false, error: 'notWholeDays' }],
    ['-3', { ok: false, error: 'notWholeDays' }],
    ['1.5', { ok: false, error: 'notWholeDays' }],
    ['1e3', { ok: false, error: 'notWholeDays' }],
    ['ten', { ok: false, error: 'notWholeDays' }],
  ];
  for (const [input, expected] of table) {
    it(`"${input}" -> ${JSON.stringify(expected)}`, () => assert.deepEqual(expiryFromDays(input), expected));
  }
});

describe('API token body: roleIds only for tenant tokens, description trimmed', () => {
  const table: Array<[Parameters<typeof apiTokenBody>[0], Parameters<typeof apiTokenBody>[1], object]> = [
    [
      'personal',
      { description: ' CI ', expiresInMinutes: null, roleIds: ['r1'] },
      { description: 'CI', expiresInMinutes: null },
    ],
    [
      'tenant',
      { description: 'CI', expiresInMinutes: 1440, roleIds: ['r1'] },
      { description: 'CI', expiresInMinutes: 1440, roleIds: ['r1'] },
    ],
    [
      'tenant',
      { description: 'CI', expiresInMinutes: null },
      { description: 'CI', expiresInMinutes: null, roleIds: [] },
    ],
  ];
  for (const [kind, input, expected] of table) {
    it(`${kind} ${JSON.stringify(input)}`, () => assert.deepEqual(apiTokenBody(kind, input), expected));
  }
});

describe('token creation order (spec 001 §4: close, wait 200 ms, prepend and show)', () => {
  it('closes the dialog, waits the dialog delay, then reveals', async () => {
    const log: string[] = [];
    const created = {
      id: 't2',
      clientId: 't2',
      description: 'new',
      createdAt: '',
      expiresInMinutes: null,
      secret: 's3cret',
    };
    await createTokenThenReveal({
      create: async () => {
        log.push('create');
        return created;
      },
      closeDialog: () => log.push('close'),
      wait: async (ms) => {
        log.push(`wait ${ms}`);
      },
      reveal: (token) => log.push(`reveal ${token.secret}`),
    });
    assert.equal(DIALOG_DELAY_MS, 200);
    assert.deepEqual(log, ['create', 'close', 'wait 200', 'reveal s3cret']);
  });

  it('a failed creation neither closes the dialog nor reveals anything', async () => {
    const log: string[] = [];
    await assert.rejects(
      createTokenThenReveal({
        create: async () => {
          throw new Error('Error 500 - Internal Server Error');
        },
        closeDialog: () => log.push('close'),
        wait: async () => {
          log.push('wait');
        },
        reveal: () => log.push('reveal'),
      }),
    );
    assert.deepEqual(log, []);
  });

  it('prepends the token without its secret', () => {
    const list = [{ id: 't1', description: 'old', createdAt: '', expiresInMinutes: null }];
    const next = prependToken(list, {
      id: 't2',
      description: 'new',
      createdAt: '',
      expiresInMinutes: 1440,
      secret: 'x',
    });
    assert.deepEqual(
      next.map((t) => t.id),
      ['t1', 't2'].reverse(),
    );
    assert.equal('secret' in next[0]!, false);
  });
});

describe('group bodies (spec 001 §5: creation sends description only when present)', () => {
  const creation: Array<[Parameters<typeof groupCreationBody>[0], object]> = [
    [{ name: 'Support', color: '', description: '' }, { name: 'Support' }],
    [{ name: ' Support ', color: '', description: '   ' }, { name: 'Support' }],
    [
      { name: 'Support', color: '#1f6feb', description: 'First line' },
      { name: 'Support', color: '#1f6feb', description: 'First line' },
    ],
    [
      { name: 'Support', color: '', description: ' First line ' },
      { name: 'Support', description: 'First line' },
    ],
  ];
  for (const [form, expected] of creation) {
    it(`create ${JSON.stringify(form)} -> ${JSON.stringify(expected)}`, () =>
      assert.deepEqual(groupCreationBody(form), expected));
  }
  const before = { name: 'Support', color: null, description: 'First line' };
  const updates: Array<[Parameters<typeof groupUpdateBody>[1], object]> = [
    [{ name: 'Support', color: '', description: 'First line' }, {}],
    [{ name: 'Helpdesk', color: '', description: 'First line' }, { name: 'Helpdesk' }],
    [{ name: 'Support', color: '', description: '' }, { description: null }],
    [{ name: 'Support', color: '#cf222e', description: 'First line' }, { color: '#cf222e' }],
  ];
  for (const [form, expected] of updates) {
    it(`update ${JSON.stringify(form)} -> ${JSON.stringify(expected)}`, () =>
      assert.deepEqual(groupUpdateBody(before, form), expected));
  }
});

describe('role form', () => {
  const keys: Array<[string, string]> = [
    ['Support agents', 'support-agents'],
    ['  Billing & Finance ', 'billing-finance'],
    ['Über Admin', 'uber-admin'],
    ['***', ''],
  ];
  for (const [name, key] of keys)
    it(`key of "${name}" is "${key}"`, () => assert.equal(roleKeyFromName(name), key));
  const forms: Array<[Parameters<typeof validateRoleForm>[0], object]> = [
    [{ name: 'Auditor', key: 'auditor', description: '' }, {}],
    [{ name: ' ', key: 'auditor', description: '' }, { name: 'nameRequired' }],
    [{ name: 'Auditor', key: '', description: '' }, { key: 'keyRequired' }],
    [{ name: 'Auditor', key: 'has space', description: '' }, { key: 'keyInvalid' }],
    [
      { name: 'A'.repeat(101), key: 'a', description: 'd'.repeat(501) },
      { name: 'tooLong', description: 'tooLong' },
    ],
  ];
  for (const [form, errors] of forms)
    it(`checks ${JSON.stringify(form).slice(0, 60)}`, () => assert.deepEqual(validateRoleForm(form), errors));
});

describe('granting needs the permission itself or a wildcard above it', () => {
  const table: Array<[string[], string, boolean]> = [
    [['fe.*'], 'fe.*', true],
    [['fe.*'], 'fe.secure.read.users', true],
    [['fe.secure.*'], 'fe.secure.write.roles', true],
    [['fe.secure.write.roles'], 'fe.secure.write.roles', true],
    [['fe.secure.write.roles'], 'fe.*', false],
    [['fe.secure.write.roles'], 'fe.secure.*', false],
    [['fe.subscriptions.read'], 'fe.subscriptions.*', false],
    [[], 'fe.secure.read.users', false],
  ];
  for (const [held, key, expected] of table) {
    it(`${JSON.stringify(held)} grants ${key}: ${expected}`, () =>
      assert.equal(holdsPermission(held, key), expected));
  }
});
