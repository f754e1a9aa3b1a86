/**
 * The storage port the domain's repositories are written over (issue 25: "the demo becomes a
 * storage adapter"). A repository written here, once, over `Tables` is the server's (SQL over
 * PostgreSQL, server/storage/tables.ts) and the demo's (arrays in the page's storage,
 * core/demo/tables.ts); only what a backend does that the other cannot (sealing secrets, a
 * delivery queue) stays a port of its own.
 *
 * A table is declared once, as the SQL schema has it (server/storage/schema): its name and the
 * columns a repository reads and writes, by field name (`tenantId` is the column `tenant_id`),
 * each as `col` types it: the row type is read off the declaration (`RowOf`), not written again.
 * Rows are plain JSON values: a timestamp is an ISO 8601 string, a `jsonb` column any JSON.
 */

/**
 * A column's type, as the SQL schema declares it. `serial` is numbered by the store on insert;
 * `bigint` and `serial` are read as numbers (exact up to 2^53).
 */
export type ColumnType =
  'text' | 'uuid' | 'int' | 'bigint' | 'bool' | 'timestamptz' | 'jsonb' | 'text[]' | 'uuid[]' | 'serial';

/**
 * A column declared with `col`: at run time its `ColumnType` string (what the stores read), to the
 * compiler also the type `V` of the field's value, so a table's row type is read off its columns.
 */
type Column<V> = ColumnType & { readonly [VALUE]: V };
declare const VALUE: unique symbol;

const column = <V>(type: ColumnType) => type as Column<V>;

/**
 * The columns by their SQL type and the TypeScript type of their value: `col.uuid`, `col.text()`,
 * a narrower text `col.text<IpStrategy>()`, a JSON value `col.jsonb<Settings>()`. A column that may
 * hold null is `nullable(col.uuid)`. The value of each is its `ColumnType` string.
 */
export const col = {
  uuid: column<string>('uuid'),
  text: <V extends string = string>() => column<V>('text'),
  int: column<number>('int'),
  bigint: column<number>('bigint'),
  bool: column<boolean>('bool'),
  /** An ISO 8601 string. */
  timestamptz: column<string>('timestamptz'),
  jsonb: <V>() => column<V>('jsonb'),
  textArray: <V extends string = string>() => column<V[]>('text[]'),
  uuidArray: column<string[]>('uuid[]'),
  /** Numbered by the store on insert (the field is named `seq`). */
  serial: column<number>('serial'),
};

/** `c`, whose value may also be null. */
export const nullable = <V>(c: Column<V>) => c as Column<V | null>;

/** The row type of columns declared with `col`. */
type RowOfColumns<C> = { -readonly [K in keyof C]: C[K] extends Column<infer V> ? V : never };

/** The row type of a declared table: `type IpRow = RowOf<typeof IP_RESTRICTIONS>`. */
export type RowOf<S> = S extends TableSpec<infer R> ? R : never;

export interface TableSpec<R> {
  /** The SQL table's name (the demo's key for its rows). */
  name: string;
  columns: { readonly [K in keyof R]-?: ColumnType };
  /** The row type, to the compiler only (no such property at run time). */
  readonly [ROW]?: R;
  /**
   * The schema's `ON DELETE CASCADE` into this table's children: removing a row removes the rows
   * of `table` whose `column` holds its `id`. PostgreSQL does it by itself; the demo's store does it
   * from here (server/storage/tables-schema.test.ts holds the two to the schema).
   */
  cascade(): ReadonlyArray<{ table: TableSpec<unknown>; column: string }>;
}

declare const ROW: unique symbol;

const DECLARED: Array<TableSpec<unknown>> = [];

type Cascade = () => Array<[child: TableSpec<unknown>, column: string]>;

/**
 * Declares a table; `cascade` names its children by their column holding its id (read when first
 * needed, so a child may be declared after its parent). Its rows are typed by its `col` columns, or
 * are `R` given explicitly (a domain type the rows already are) with the columns as plain strings.
 */
export function table<C extends Record<string, Column<unknown>>>(
  name: string,
  columns: C,
  cascade?: Cascade,
): TableSpec<RowOfColumns<C>>;
export function table<R>(name: string, columns: TableSpec<R>['columns'], cascade?: Cascade): TableSpec<R>;
export function table<R>(
  name: string,
  columns: TableSpec<R>['columns'],
  cascade: Cascade = () => [],
): TableSpec<R> {
  const spec = {
    name,
    columns,
    cascade: () => cascade().map(([child, column]) => ({ table: child, column })),
  };
  DECLARED.push(spec as TableSpec<unknown>);
  return spec;
}

/** Every table declared by the modules loaded so far (a test holds them to the SQL schema). */
export const declaredTables = (): ReadonlyArray<TableSpec<unknown>> => DECLARED;

type Operator =
  | 'in'
  | 'not'
  | 'notMatching'
  | 'sameText'
  | 'before'
  | 'from'
  | 'inRows'
  | 'contains'
  | 'between'
  | 'either';

/**
 * A condition other than equality on one column (`oneOf`, `not`, `sameText`, `before`, `from`,
 * `inRows`, `contains`, `between`, `either`).
 */
export class Condition<V> {
  constructor(
    readonly op: Operator,
    readonly value: V | readonly V[] | RowsOf<unknown> | Condition<V> | ReadonlyArray<V | Condition<V>>,
  ) {}
}

/** One column of the rows of another table matching `where` (the value set of `inRows`). */
export interface RowsOf<R> {
  spec: TableSpec<R>;
  field: string;
  where: Where<R>;
}
/** The column's value is one of `values` (none: no row matches); a null among them matches an unset column. */
export const oneOf = <V>(values: readonly V[]) => new Condition<V>('in', values);
/**
 * The column's value is not `value` (null: the column is set); of a condition, the rows it does not
 * match (`not(inRows(...))`: SQL's `NOT IN (SELECT ...)`, a null column not in any set).
 */
export function not<V>(condition: Condition<V>): Condition<V>;
export function not<V>(value: V): Condition<V>;
export function not<V>(value: V | Condition<V>): Condition<V> {
  return value instanceof Condition ? new Condition<V>('notMatching', value) : new Condition<V>('not', value);
}
/** The column's text equals `value` in any letter case. */
export const sameText = <V extends string = string>(value: string) =>
  new Condition<V>('sameText', value as V);
/** The column's value is less than `value` (a timestamp: earlier). */
export const before = <V>(value: V) => new Condition<V>('before', value);
/** The column's value is `value` or more (a timestamp: then or later). */
export const from = <V>(value: V) => new Condition<V>('from', value);
/** The column's value is `start` or more and less than `end` (a timestamp: a period, its end not in it). */
export const between = <V>(start: V, end: V) => new Condition<V>('between', [start, end]);
/**
 * The column matches one of `conditions`, each a value (null: unset) or a condition: SQL's OR
 * (`{ expiresAt: either(null, from(now)) }`; none: no row matches).
 */
export const either = <V>(...conditions: Array<V | Condition<V>>) => new Condition<V>('either', conditions);
/** The column's text contains `text` in any letter case (SQL's ILIKE '%text%'; a null contains nothing). */
export const contains = <V extends string = string>(text: string) => new Condition<V>('contains', text as V);

/**
 * The column's value is `field` of a row of `spec` matching `where`: SQL's `IN (SELECT ...)`, one
 * statement where a repository would otherwise read the ids first (the members of an account:
 * `{ id: inRows(MEMBERSHIPS, 'userId', { tenantId }) }`).
 */
export const inRows = <V, R>(spec: TableSpec<R>, field: keyof R & string, where: Where<R> = {}) =>
  new Condition<V>('inRows', { spec, field, where } as RowsOf<R> as RowsOf<unknown>);

/** Rows whose every named column matches: a value is equality (null: unset), or a `Condition`. */
export type Where<R> = { [K in keyof R]?: R[K] | Condition<R[K]> };

export interface Order<R> {
  by: keyof R & string;
  desc?: boolean;
  /** Text compared in lower case. */
  caseless?: boolean;
  /** A null compared as empty text (SQL's `COALESCE(column, '')`, as an index may be built on it). */
  nullAsEmpty?: boolean;
  /** By the value's place in `ranks` (SQL's `array_position`), not by the value; one not there: as null. */
  ranks?: readonly string[];
}

export interface Search<R> {
  /** Empty: every row. */
  text: string;
  fields: Array<keyof R & string>;
  /**
   * Rows whose `fields`, joined in turn into one text with a space between and a null as empty,
   * contain `text` in any letter case (a text may span two fields), rather than rows one of whose
   * fields does. The SQL store writes `lower(COALESCE(f1, '') || ' ' || f2 ...)`, the expression a
   * trigram index may be built on: `notNull` names the fields the schema holds set, written bare
   * as such an index has them.
   */
  joined?: { notNull: Array<keyof R & string> };
}

export interface Query<R> {
  where?: Where<R>;
  /** Rows matching, as well, one of these (SQL's OR of conditions on any columns; none: no row). */
  or?: Array<Where<R>>;
  /** Rows one of `fields` of which contains `text`, in any letter case (or `joined`: see `Search`). */
  search?: Search<R>;
  /** In turn; nulls after values ascending, before them descending (PostgreSQL's order). */
  orderBy?: Array<Order<R>>;
  /**
   * A keyset page: the rows after the (first) row matching `after` in `orderBy`'s order, all of
   * whose terms go one direction. The store reads that row's values itself (a timestamp to the
   * microsecond); SQL's row comparison `(a, b) < (SELECT a, b ...)`: a null met before the order is
   * decided leaves the row out, so order by columns that are set (or `nullAsEmpty`), the last one
   * unique. No such row: no rows.
   */
  after?: Where<R>;
  offset?: number;
  limit?: number;
}

export interface Table<R> {
  rows(query?: Query<R>): Promise<R[]>;
  /** How many rows match; with `limit`, counted up to it (an "at least" past it, the rest unread). */
  count(query?: Pick<Query<R>, 'where' | 'or' | 'search' | 'limit'>): Promise<number>;
  /** How many rows match by each value of `field` (SQL's GROUP BY); a value no row has is absent. */
  countBy<K extends keyof R & string>(
    field: K,
    query?: Pick<Query<R>, 'where' | 'or' | 'search'>,
  ): Promise<Map<R[K], number>>;
  /** The first row matching `where`, or null. */
  row(where: Where<R>, orderBy?: Array<Order<R>>): Promise<R | null>;
  /** Adds the row (a `serial` column left out is numbered); the row as stored. */
  insert(row: Omit<R, SerialKeys<R>> & Partial<R>): Promise<R>;
  /**
   * Adds the rows in one step (one statement on the server, a parameter a value: PostgreSQL takes
   * 65,535, so thousands of rows a call, not millions), in order; the rows as stored.
   */
  insertAll(rows: ReadonlyArray<Omit<R, SerialKeys<R>> & Partial<R>>): Promise<R[]>;
  /** Writes `changes` to the rows matching `where`; the rows as stored. */
  update(where: Where<R>, changes: Partial<R>): Promise<R[]>;
  /**
   * Adds `by` to each named number of the rows matching `where`, in one step (no other writer comes
   * between the read and the write: SQL's `SET n = n + 1`); the rows as stored.
   */
  increment(where: Where<R>, by: Partial<Record<NumberKeys<R>, number>>): Promise<R[]>;
  /** Removes the rows matching `where`; the rows removed. */
  remove(where: Where<R>): Promise<R[]>;
}

/** The fields of `R` that hold numbers. */
type NumberKeys<R> = { [K in keyof R]: R[K] extends number ? K : never }[keyof R];

/** The fields of `R` a store numbers (declared `serial`): typed as `number` rows by convention. */
type SerialKeys<R> = { [K in keyof R]: K extends 'seq' ? K : never }[keyof R];

export interface Tables {
  of<R>(spec: TableSpec<R>): Table<R>;
  /** Runs `fn` in one transaction (the demo answers one call at a time: `fn` simply runs). */
  transaction<T>(fn: (tables: Tables) => Promise<T>): Promise<T>;
  /** Holds writers of `key` apart until the transaction ends (the server's advisory lock). */
  lock(key: string): Promise<void>;
}

/**
 * The row matching `where` with `changes` written, or a new row `created()` when there is none:
 * one writer at a time (the SQL's INSERT ... ON CONFLICT, over any store).
 */
export function saveRow<R>(
  tables: Tables,
  spec: TableSpec<R>,
  where: Where<R>,
  changes: Partial<R>,
  created: () => Omit<R, SerialKeys<R>> & Partial<R>,
): Promise<R> {
  return tables.transaction(async (tx) => {
    await tx.lock(`${spec.name}:${JSON.stringify(where)}`);
    const [updated] = await tx.of(spec).update(where, changes);
    return updated ?? tx.of(spec).insert(created());
  });
}

/** The time rows are written at and the ids of new rows (the server's UUIDs, the demo's own). */
export interface RowClock {
  now(): number;
  newId(): string;
}

/** `tenantId` as its SQL column, `tenant_id`. */
export const columnName = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** An ISO 8601 timestamp of `ms` (the clock's time as a row stores it). */
export const stamp = (ms: number) => new Date(ms).toISOString();
