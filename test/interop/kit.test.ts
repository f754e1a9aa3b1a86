// The interop suite's type check (`misfits`): what fits a client type, what does not, and how
// misfits are named, since gap entries are compared by these names.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fits, Misfit, misfits, type Shape } from './kit';

const cases: { name: string; value: unknown; shape: Shape; expected: string[] }[] = [
  { name: 'a string', value: 'a', shape: 'string', expected: [] },
  { name: 'a number for a string', value: 1, shape: 'string', expected: [''] },
  { name: 'null for a required field', value: { a: null }, shape: { a: 'string' }, expected: ['.a'] },
  {
    name: 'null or missing for an optional one',
    value: { a: null },
    shape: { a: 'string?', b: 'number?' },
    expected: [],
  },
  {
    name: 'a present optional field is still typed',
    value: { a: 1 },
    shape: { a: 'string?' },
    expected: ['.a'],
  },
  { name: 'an enum value', value: 'SMS', shape: '=SMS|EmailCode', expected: [] },
  { name: 'a value outside the enum', value: 'sms', shape: '=SMS|EmailCode', expected: [''] },
  { name: 'extra fields are allowed', value: { a: 'x', extra: 1 }, shape: { a: 'string' }, expected: [] },
  {
    name: 'array items: one path for all items',
    value: [{ id: 'a' }, { id: 1 }, { id: 2 }],
    shape: [{ id: 'string' }],
    expected: ['[].id'],
  },
  { name: 'an empty array fits', value: [], shape: [{ id: 'string' }], expected: [] },
  { name: 'an object where an array is read', value: { items: [] }, shape: ['string'], expected: [''] },
  {
    name: 'nested paths',
    value: { user: { roles: [{ key: 'Admin' }] } },
    shape: { user: { roles: [{ key: 'string', permissions: ['string'] }], tenants: 'array' } },
    expected: ['.user.roles[].permissions', '.user.tenants'],
  },
  { name: 'any: present', value: { a: 0 }, shape: { a: 'any' }, expected: [] },
  { name: 'any: missing', value: {}, shape: { a: 'any' }, expected: ['.a'] },
];

for (const { name, value, shape, expected } of cases) {
  test(`misfits: ${name}`, () => {
    assert.deepEqual([...new Set(misfits(value, shape))].sort(), expected);
  });
}

test('fits throws a Misfit listing every misfit path', () => {
  assert.throws(
    () => fits({ a: 1, b: [{ c: null }] }, { a: 'string', b: [{ c: 'boolean' }] }),
    (error: unknown) => error instanceof Misfit && error.paths.join() === '.a,.b[].c',
  );
  assert.doesNotThrow(() => fits({ a: 'x' }, { a: 'string' }));
});
