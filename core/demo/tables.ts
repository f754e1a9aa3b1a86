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
  type Search,
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
      // SQL's IN: a null is in no set.
      return (
        value != null &&
        rowsOf(spec)
          .filter(whereOf(where, undefined, rowsOf))
          .some((row) => same(value, row[field]))
      );
    }
    case 'either':
      return (given as unknown[]).some((c) => matches(value, c, rowsOf));
    case 'notMatching':
      return !matches(value, given, rowsOf);
    case 'contains':
      return value != null && hasText(value, given);
    case 'between': {
      const [start, end] = given as [never, never];
      return value != null && (value as never) >= start && (value as never) < end;
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

/** Whether `value`'s text contains `text` in any letter case (SQL's ILIKE '%text%'). */
const hasText = (value: unknown, text: string) => String(value).toLowerCase().includes(text.toLowerCase());

/** Whether `row` holds `search`'s text: in one of its fields, or in them `joined` (a null as empty). */
function holdsText<R>({ text, fields, joined }: Search<R>, row: Row): boolean {
  const values = fields.map((f) => row[f] ?? '');
  return joined ? hasText(values.join(' '), text) : values.some((value) => hasText(value, text));
}

const whereOf =
  <R>(where: Where<R> = {}, search: Query<R>['search'], rowsOf: RowsOfTable) =>
  (row: Row): boolean =>
    Object.entries(where).every(([field, condition]) => matches(row[field], condition, rowsOf)) &&
    (!search?.text || holdsText(search, row));

/** The value an order term compares of `row` (SQL's expression of the column). */
function termOf<R>({ by, caseless, nullAsEmpty, ranks }: Order<R>, row: Row): unknown {
  let value = row[by];
  if (nullAsEmpty) value ??= '';
  if (caseless && typeof value === 'string') value = value.toLowerCase();
  if (!ranks) return value;
  const rank = ranks.indexOf(value as string);
  return rank < 0 ? null : rank;
}

/**
 * The keyset of `after` (SQL's row comparison): whether `row` comes after `last` in `orderBy`, a
 * null met before the order is decided leaving it out.
 */
function past<R>(orderBy: Array<Order<R>>, last: Row | undefined) {
  if (!orderBy.length || orderBy.some((o) => !o.desc !== !orderBy[0]!.desc))
    throw new Error('a keyset page needs an order of one direction');
  return (row: Row) => {
    if (!last) return false;
    for (const o of orderBy) {
      const [x, y] = [termOf(o, row), termOf(o, last)];
      if (x == null || y == null) return false;
      if (x !== y) return o.desc ? (x as never) < (y as never) : (x as never) > (y as never);
    }
    return false;
  };
}

/** PostgreSQL's order: nulls last ascending, first descending; text by code points (the C collation). */
function compare<R>(orderBy: Array<Order<R>>) {
  return (a: Row, b: Row) => {
    for (const order of orderBy) {
      const [x, y] = [termOf(order, a), termOf(order, b)];
      if (x === y || (x == null && y == null)) continue;
      const after = x == null || (y != null && (x as never) > (y as never));
      return (after ? 1 : -1) * (order.desc ? -1 : 1);
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
    let hits = rows.filter(whereOf(query.where, query.search, rowsOf));
    if (query.or) {
      declared(
        spec as TableSpec<unknown>,
        query.or.flatMap((w) => Object.keys(w)),
      );
      hits = hits.filter((row) => query.or!.some((w) => whereOf(w, undefined, rowsOf)(row)));
    }
    if (query.after) {
      declared(spec as TableSpec<unknown>, Object.keys(query.after));
      const last = rows.find(whereOf(query.after, undefined, rowsOf));
      hits = hits.filter(past(query.orderBy ?? [], last));
    }
    if (query.orderBy) hits.sort(compare(query.orderBy));
    const offset = query.offset ?? 0;
    return hits.slice(offset, query.limit === undefined ? undefined : offset + query.limit);
  };
  const serials = Object.keys(spec.columns).filter((k) => spec.columns[k as keyof R] === 'serial');
  const table: Table<R> = {
    rows: async (query) => copy(found(query)) as R[],
    count: async ({ limit, ...query } = {}) =>
      Math.min(found(query).length, limit === undefined ? Infinity : Math.max(0, Math.trunc(limit) || 0)),
    async countBy(field, query = {}) {
      declared(spec as TableSpec<unknown>, [field]);
      const counts = new Map<R[typeof field], number>();
      for (const row of found(query)) {
        const value = row[field] as R[typeof field];
        counts.set(value, (counts.get(value) ?? 0) + 1);
      }
      return counts;
    },
    row: async (where, orderBy) => (copy(found({ where, orderBy, limit: 1 })[0]) as R) ?? null,
    async insert(row) {
      const stored: Row = { ...copy(row) };
      for (const key of serials) stored[key] ??= Math.max(0, ...rows.map((r) => Number(r[key]))) + 1;
      rows.push(stored);
      wrote();
      return copy(stored) as R;
    },
    async insertAll(all) {
      const stored: R[] = [];
      for (const row of all) stored.push(await table.insert(row));
      return stored;
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
  return table;
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
