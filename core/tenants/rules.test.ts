import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SubAccount } from './api';
import { appendPage, dedupeByTenantId, LOGIN_ALIAS_PATTERN, pathTo, subAccountRoleIds } from './rules';

const account = (tenantId: string, name = tenantId, parentTenantId: string | null = null): SubAccount => ({
  id: tenantId,
  tenantId,
  name,
  parentTenantId,
  createdAt: '',
  numberOfUsers: 0,
  numberOfChildren: 0,
});

test('sub-accounts are deduplicated by tenantId (spec 001 §5): first copy wins, order kept', () => {
  const cases: Array<[string[], string[]]> = [
    [[], []],
    [['a'], ['a']],
    [
      ['a', 'b', 'a'],
      ['a', 'b'],
    ],
    [
      ['b', 'a', 'b', 'c', 'a'],
      ['b', 'a', 'c'],
    ],
  ];
  for (const [input, expected] of cases) {
    assert.deepEqual(
      dedupeByTenantId(input.map((id) => account(id))).map((a) => a.tenantId),
      expected,
      input.join(','),
    );
  }
  const kept = dedupeByTenantId([account('a', 'First'), account('a', 'Second')]);
  assert.equal(kept[0]!.name, 'First');
});

test('load more appends a page without repeating accounts already listed', () => {
  const cases: Array<[string[], string[], string[]]> = [
    [
      ['a', 'b'],
      ['c', 'd'],
      ['a', 'b', 'c', 'd'],
    ],
    [
      ['a', 'b'],
      ['b', 'c'],
      ['a', 'b', 'c'],
    ],
    [['a'], ['a'], ['a']],
    [[], ['x', 'x'], ['x']],
  ];
  for (const [list, page, expected] of cases) {
    assert.deepEqual(
      appendPage(
        list.map((id) => account(id)),
        page.map((id) => account(id)),
      ).map((a) => a.tenantId),
      expected,
    );
  }
});

test('pathTo follows parents through known accounts and stops on a cycle', () => {
  const known = new Map(
    [
      account('eu', 'EU'),
      account('paris', 'Paris', 'eu'),
      account('loop1', 'L1', 'loop2'),
      account('loop2', 'L2', 'loop1'),
    ].map((a) => [a.tenantId, a]),
  );
  assert.deepEqual(pathTo(known, 'paris'), ['eu', 'paris']);
  assert.deepEqual(pathTo(known, 'eu'), ['eu']);
  assert.deepEqual(pathTo(known, 'missing'), []);
  assert.deepEqual(pathTo(known, 'loop1'), ['loop2', 'loop1']);
});

test('an emptied role list of a member who had roles is sent as [""] (spec 001 §5)', () => {
  const cases: Array<[string[], string[], string[]]> = [
    [['r1'], [], ['']],
    [[], [], []],
    [['r1'], ['r2'], ['r2']],
    [[], ['r1', 'r2'], ['r1', 'r2']],
  ];
  for (const [previous, next, sent] of cases) assert.deepEqual(subAccountRoleIds(previous, next), sent);
});

test('login alias: 3-40 lowercase letters, digits and single inner dashes', () => {
  const cases: Array<[string, boolean]> = [
    ['acme', true],
    ['acme-eu', true],
    ['a1b', true],
    ['a'.repeat(40), true],
    ['ab', false],
    ['a'.repeat(41), false],
    ['Acme', false],
    ['acme--eu', false],
    ['-acme', false],
    ['acme-', false],
    ['ac me', false],
    ['acmé', false],
  ];
  for (const [alias, valid] of cases) assert.equal(LOGIN_ALIAS_PATTERN.test(alias), valid, alias);
});
