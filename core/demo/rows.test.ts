// Demo mode's rows (core/demo/rows.ts): orders as the SQL's, the clock's timestamps.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { by, isoNow, withEmail, withId } from './rows';

const rows = () => [
  { id: 'a', name: 'beta', rank: 2 },
  { id: 'b', name: 'Alpha', rank: 1 },
  { id: 'c', name: 'alpha', rank: 2 },
];

test('orders: keys in turn by code points; ties keep their order', () => {
  const ids = (list: ReturnType<typeof rows>) => list.map((r) => r.id).join('');
  assert.equal(ids(rows().sort(by((r) => r.name))), 'bca', 'upper case first, as the C collation');
  assert.equal(ids(rows().sort(by((r) => r.rank))), 'bac', 'a tie keeps its order');
  assert.equal(
    ids(
      rows().sort(
        by(
          (r) => r.rank,
          (r) => r.name,
        ),
      ),
    ),
    'bca',
  );
});

test('a row of an id, of an email trimmed and case aside', () => {
  assert.equal(rows().find(withId('c'))?.name, 'alpha');
  assert.ok(withEmail(' Ada@Example.com ')({ email: 'ada@example.com' }));
  assert.ok(!withEmail('ada@example.com')({ email: 'bob@example.com' }));
});

test("a row's timestamp is the clock's time", () => {
  assert.equal(
    isoNow(() => Date.UTC(2026, 0, 2)),
    '2026-01-02T00:00:00.000Z',
  );
});
