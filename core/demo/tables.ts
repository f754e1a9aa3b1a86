/**
 * Demo mode's storage (core/domain/tables.ts over arrays): each table's rows kept in the page's
 * stored data under the table's name, as JSON. What a repository written over `Tables` does to
 * PostgreSQL on the server (server/storage/tables.ts) it does here to these arrays; the repository
 * suite (server/storage/tables.test.ts) holds the two to the same cases.
 */
import {
  Condition,
  oneOf,
  type Order,
  type Query,
  type RowsOf,
  type Table,
  type Tables,
  type TableSpec,
  type Where,
} from '../domain/tables';
import { noteWritten, type DemoTables } from './data';

type Row = Record<string, unknown>;

const same = (a: unknown, b: unknown) =>
  a === b || (a != null && b != null && typeof a === 'object' && JSON.stringify(a) === JSON.stringify(b));

/** As the SQL store: a field the table does not declare is refused. */
function declared(spec: TableSpec<unknown>, fields: string[]): void {
  const unknown = fields.find((field) => !Object.hasOwn(spec.columns, field));
  if (unknown) throw new Error(`${unknown} is not a declared column`);
}

/** The stored rows of a table, as they are (an `inRows` condition reads another table's). */
type RowsOfTable = (spec: TableSpec<unknown>) => Row[];

function matches(value: unknown, condition: unknown, rowsOf: RowsOfTable): boolean {
  if (!(condition instanceof Condition)) return condition === null ? value == null : same(value, condition);
  const given = condition.value as never;
  switch (condition.op) {
    case 'inRows': {
      const { spec, field, where } = given as RowsOf<unknown>;
      declared(spec, [field, ...Object.keys(where)]);
      return rowsOf(spec)
        .filter(whereOf(where, undefined, rowsOf))
        .some((row) => same(value, row[field]));
    }
    case 'in':
      return (given as unknown[]).some((v) => (v === null ? value == null : same(value, v)));
    case 'not':
      return given === null ? value != null : !same(value, given);
    case 'sameText':
      return typeof value === 'string' && value.toLowerCase() === (given as string).toLowerCase();
    case 'before':
      return value != null && (value as never) < given;
    case 'from':
      return value != null && (value as never) >= given;
  }
}

const whereOf =
  <R>(where: Where<R> = {}, search: Query<R>['search'], rowsOf: RowsOfTable) =>
  (row: Row): boolean =>
    Object.entries(where).every(([field, condition]) => matches(row[field], condition, rowsOf)) &&
    (!search?.text ||
      search.fields.some((f) =>
        String(row[f] ?? '')
          .toLowerCase()
          .includes(search.text.toLowerCase()),
      ));

/** PostgreSQL's order: nulls last ascending, first descending; text by code points (the C collation). */
function compare<R>(orderBy: Array<Order<R>>) {
  return (a: Row, b: Row) => {
    for (const { by, desc, caseless } of orderBy) {
      const [x, y] = [a[by], b[by]].map((v) => (caseless && typeof v === 'string' ? v.toLowerCase() : v));
      if (x === y || (x == null && y == null)) continue;
      const after = x == null || (y != null && (x as never) > (y as never));
      return (after ? 1 : -1) * (desc ? -1 : 1);
    }
    return 0;
  };
}

const copy = <T>(value: T): T => structuredClone(value);

function memoryTable<R>(
  spec: TableSpec<R>,
  wrote: () => void,
  rowsOf: RowsOfTable,
  tableOf: <C>(spec: TableSpec<C>) => Table<C>,
): Table<R> {
  const rows = rowsOf(spec as TableSpec<unknown>);
  const found = (query: Query<R> = {}) => {
    declared(spec as TableSpec<unknown>, [
      ...Object.keys(query.where ?? {}),
      ...(query.search?.fields ?? []),
      ...(query.orderBy ?? []).map((o) => o.by),
    ]);
    const hits = rows.filter(whereOf(query.where, query.search, rowsOf));
    if (query.orderBy) hits.sort(compare(query.orderBy));
    const offset = query.offset ?? 0;
    return hits.slice(offset, query.limit === undefined ? undefined : offset + query.limit);
  };
  const serials = Object.keys(spec.columns).filter((k) => spec.columns[k as keyof R] === 'serial');
  return {
    rows: async (query) => copy(found(query)) as R[],
    count: async (query) => found({ ...query, offset: 0 }).length,
    row: async (where, orderBy) => (copy(found({ where, orderBy, limit: 1 })[0]) as R) ?? null,
    async insert(row) {
      const stored: Row = { ...copy(row) };
      for (const key of serials) stored[key] ??= Math.max(0, ...rows.map((r) => Number(r[key]))) + 1;
      rows.push(stored);
      wrote();
      return copy(stored) as R;
    },
    async update(where, changes) {
      const hits = found({ where });
      for (const row of hits) Object.assign(row, copy(changes));
      if (hits.length) wrote();
      return copy(hits) as R[];
    },
    async increment(where, by) {
      declared(spec as TableSpec<unknown>, Object.keys(by));
      const hits = found({ where });
      for (const row of hits)
        for (const [field, n] of Object.entries(by as Row)) row[field] = Number(row[field] ?? 0) + Number(n);
      if (hits.length) wrote();
      return copy(hits) as R[];
    },
    async remove(where) {
      const hits = found({ where });
      rows.splice(0, rows.length, ...rows.filter((row) => !hits.includes(row)));
      if (hits.length) wrote();
      // The schema's ON DELETE CASCADE, which PostgreSQL applies by itself.
      const ids = hits.map((row) => row.id);
      for (const { table, column } of spec.cascade())
        if (ids.length) await tableOf(table).remove({ [column]: oneOf(ids) });
      return hits as R[];
    },
  };
}

/** The domain's `Tables` over the arrays of `store`, made as a table is first used. */
export function memoryTables(store: DemoTables): Tables {
  const tables: Tables = {
    of: (spec) =>
      memoryTable(
        spec,
        () => noteWritten(store),
        (s) => (store[s.name] ??= []),
        tables.of,
      ),
    transaction: (fn) => fn(tables),
    // The demo answers one call at a time (core/demo/pipeline.ts).
    lock: async () => {},
  };
  return tables;
}
