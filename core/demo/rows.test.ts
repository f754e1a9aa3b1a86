// Demo mode's in-memory tables (core/demo/rows.ts): changes in place, pages and orders as the SQL's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { by, byLocale, descending, isoNow, keep, page, remove, update, upsert, withId } from './rows';

const rows = () => [
  { id: 'a', name: 'beta', rank: 2 },
  { id: 'b', name: 'Alpha', rank: 1 },
  { id: 'c', name: 'alpha', rank: 2 },
];

test('update, remove, keep and upsert change the stored array itself and say what they found', () => {
  const stored = rows();
  assert.equal(update(stored, withId('b'), { rank: 5 })?.rank, 5);
  assert.equal(update(stored, withId('z'), { rank: 5 }), undefined);
  assert.equal(remove(stored, withId('z')), false);
  assert.equal(remove(stored, withId('a')), true);
  assert.deepEqual(
    stored.map((r) => r.id),
    ['b', 'c'],
  );
  assert.equal(
    keep(stored, (r) => r.rank < 5),
    true,
  );
  assert.equal(
    keep(stored, (r) => r.rank < 5),
    false,
  );
  upsert(stored, withId('c'), { id: 'c', name: 'gamma', rank: 3 });
  upsert(stored, withId('d'), { id: 'd', name: 'delta', rank: 4 });
  assert.deepEqual(
    stored.map((r) => `${r.id}:${r.name}`),
    ['c:gamma', 'd:delta'],
  );
});

test('a page is the slice of offset and limit, with the count of every row', () => {
  assert.deepEqual(page([1, 2, 3, 4, 5], 1, 2), { items: [2, 3], total: 5 });
  assert.deepEqual(page([1, 2], 4, 2), { items: [], total: 2 });
});

test('orders: keys in turn by code points, the locale order, reversed; ties keep their order', () => {
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
  assert.equal(ids(rows().sort(byLocale((r) => r.name.toLowerCase()))), 'bca');
  assert.equal(ids(rows().sort(descending(by((r) => r.rank)))), 'acb');
  assert.equal(
    ids(
      rows().sort(
        descending(
          by((r) => r.rank),
          false,
        ),
      ),
    ),
    'bac',
  );
});

test("a row's timestamp is the clock's time", () => {
  assert.equal(
    isoNow(() => Date.UTC(2026, 0, 2)),
    '2026-01-02T00:00:00.000Z',
  );
});
