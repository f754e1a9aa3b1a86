/**
 * The domain's storage port (core/domain/tables.ts) over PostgreSQL: each call one statement,
 * built from the table's declaration (its name and columns; a field `tenantId` is the column
 * `tenant_id`) with every value a parameter. Timestamps are read as ISO strings, `jsonb` written
 * as JSON text. Demo mode implements the same port over arrays (core/demo/tables.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  Condition,
  columnName,
  type ColumnType,
  type Order,
  type RowClock,
  type Query,
  type RowsOf,
  type Table,
  type Tables,
  type TableSpec,
  type Where,
} from '../../core/domain/tables';
import type { Database } from './database';

type Row = Record<string, unknown>;

/**
 * The SQL column of a declared field. Only declared fields reach a statement's text (a field the
 * table does not declare is refused), and every value is a parameter.
 */
function sqlColumn(columns: Record<string, ColumnType>, field: string): string {
  if (!Object.hasOwn(columns, field)) throw new Error(`${field} is not a declared column`);
  return columnName(field);
}

/** A whole number of rows for LIMIT and OFFSET (anything else: none). */
const rowCount = (n: number) => Math.max(0, Math.trunc(Number.isFinite(n) ? n : 0));

/** A statement's text with its parameters, written as they are added. */
class Statement {
  constructor(
    private readonly columns: Record<string, ColumnType>,
    readonly params: unknown[] = [],
  ) {}

  /** `$n` for a value of `field`, cast to its column's type (`asArray`: an array of it). */
  param(field: string, value: unknown, asArray = false): string {
    const type = this.columns[field]!;
    const json = type === 'jsonb' && !asArray;
    this.params.push(json ? JSON.stringify(value) : value);
    const cast = type === 'serial' ? 'bigint' : type;
    return `$${this.params.length}::${cast}${asArray ? '[]' : ''}`;
  }

  where<R>(where: Where<R> = {}, search?: Query<R>['search'], or?: Array<Where<R>>): string {
    const terms = this.terms(where);
    if (or)
      terms.push(`(${or.map((w) => `(${this.terms(w).join(' AND ') || 'true'})`).join(' OR ') || 'false'})`);
    if (search?.text) terms.push(this.search(search));
    return terms.length ? ` WHERE ${terms.join(' AND ')}` : '';
  }

  private terms<R>(where: Where<R>): string[] {
    return Object.entries(where as Row).map(([field, condition]) => this.term(field, condition));
  }

  /** A `%text%` pattern (its own wildcards escaped) as a text parameter. */
  private pattern(text: string): string {
    this.params.push(`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    return `$${this.params.length}::text`;
  }

  private search<R>({ text, fields, joined }: NonNullable<Query<R>['search']>): string {
    const at = this.pattern(text);
    if (!joined) return `(${fields.map((f) => `${sqlColumn(this.columns, f)} ILIKE ${at}`).join(' OR ')})`;
    // Written as an expression index on it is: the set columns bare, the others COALESCEd.
    const parts = fields.map((f) => {
      const column = sqlColumn(this.columns, f);
      return joined.notNull.includes(f) ? column : `COALESCE(${column}, '')`;
    });
    return `lower(${parts.join(" || ' ' || ")}) LIKE lower(${at})`;
  }

  /** An order term's expression (`ranks`' a parameter of this statement). */
  orderTerm<R>({ by, caseless, nullAsEmpty, ranks }: Order<R>): string {
    let column = sqlColumn(this.columns, by);
    if (nullAsEmpty) column = `COALESCE(${column}, '')`;
    if (caseless) column = `lower(${column})`;
    return ranks ? `array_position(${this.param(by, ranks, true)}, ${column})` : column;
  }

  order<R>(orderBy: Array<Order<R>> = []): string {
    const terms = orderBy.map((o) => `${this.orderTerm(o)} ${o.desc ? 'DESC' : 'ASC'}`);
    return terms.length ? ` ORDER BY ${terms.join(', ')}` : '';
  }

  /** The keyset condition of `after`: the order's terms past those of the row it names. */
  after<R>(table: string, orderBy: Array<Order<R>> = [], after: Where<R>): string {
    if (!orderBy.length || orderBy.some((o) => !o.desc !== !orderBy[0]!.desc))
      throw new Error('a keyset page needs an order of one direction');
    // The same expressions in the row's own statement read its values (its columns shadow ours).
    const terms = orderBy.map((o) => this.orderTerm(o)).join(', ');
    const row = `SELECT ${terms} FROM ${table}${this.where(after)} LIMIT 1`;
    return `(${terms}) ${orderBy[0]!.desc ? '<' : '>'} (${row})`;
  }

  private term(field: string, condition: unknown): string {
    const column = sqlColumn(this.columns, field);
    if (!(condition instanceof Condition))
      return condition === null ? `${column} IS NULL` : `${column} = ${this.param(field, condition)}`;
    const { op, value } = condition;
    if (op === 'inRows') {
      // Another table's declared columns, its values parameters of this statement.
      const { spec, field, where } = value as RowsOf<unknown>;
      const inner = new Statement(spec.columns as Record<string, ColumnType>, this.params);
      const selected = sqlColumn(spec.columns as Record<string, ColumnType>, field);
      return `${column} IN (SELECT ${selected} FROM ${spec.name}${inner.where(where)})`;
    }
    if (op === 'in') {
      const values = value as unknown[];
      const set = values.filter((v) => v !== null);
      const any = `${column} = ANY(${this.param(field, set, true)})`;
      return set.length < values.length ? `(${column} IS NULL OR ${any})` : any;
    }
    if (op === 'either') {
      const terms = (value as unknown[]).map((c) => this.term(field, c));
      return terms.length ? `(${terms.join(' OR ')})` : 'false';
    }
    if (op === 'notMatching') return `NOT COALESCE(${this.term(field, value)}, false)`;
    if (op === 'contains') return `${column} ILIKE ${this.pattern(value as string)}`;
    if (op === 'between') {
      const [start, end] = value as unknown[];
      return `(${column} >= ${this.param(field, start)} AND ${column} < ${this.param(field, end)})`;
    }
    if (op === 'not')
      return value === null
        ? `${column} IS NOT NULL`
        : `${column} IS DISTINCT FROM ${this.param(field, value)}`;
    if (op === 'sameText') return `lower(${column}) = lower(${this.param(field, value)})`;
    return `${column} ${op === 'before' ? '<' : '>='} ${this.param(field, value)}`;
  }
}

function sqlTable<R>(db: Database, spec: TableSpec<R>): Table<R> {
  const columns = spec.columns as Record<string, ColumnType>;
  const fields = Object.keys(columns);
  const selected = fields
    .map((f) => {
      const column = columnName(f);
      const read = columns[f] === 'serial' || columns[f] === 'bigint' ? `${column}::float8` : column;
      return read === f ? f : `${read} AS "${f}"`;
    })
    .join(', ');
  /** A row as the domain reads it: timestamps as ISO strings. */
  const rowOf = (row: Row): R => {
    for (const f of fields) if (row[f] instanceof Date) row[f] = (row[f] as Date).toISOString();
    return row as R;
  };
  const run = async (sql: string, statement: Statement) =>
    (await db.query<Row>(sql, statement.params)).rows.map(rowOf);

  const rows = async (query: Query<R> = {}) => {
    const s = new Statement(columns);
    let where = s.where(query.where, query.search, query.or);
    if (query.after)
      where += `${where ? ' AND' : ' WHERE'} ${s.after(spec.name, query.orderBy, query.after)}`;
    let sql = `SELECT ${selected} FROM ${spec.name}${where}${s.order(query.orderBy)}`;
    if (query.limit !== undefined) sql += ` LIMIT ${rowCount(query.limit)}`;
    if (query.offset) sql += ` OFFSET ${rowCount(query.offset)}`;
    return run(sql, s);
  };

  return {
    rows,
    async count(query = {}) {
      const s = new Statement(columns);
      let matched = `FROM ${spec.name}${s.where(query.where, query.search, query.or)}`;
      // Counted up to the limit: no row past it is read.
      if (query.limit !== undefined) matched = `FROM (SELECT 1 ${matched} LIMIT ${rowCount(query.limit)}) m`;
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${matched}`, s.params);
      return rows[0]?.n ?? 0;
    },
    async countBy(field, query = {}) {
      const s = new Statement(columns);
      const column = sqlColumn(columns, field);
      const where = s.where(query.where, query.search, query.or);
      const sql = `SELECT ${column} AS "${field}", count(*)::int AS n FROM ${spec.name}${where} GROUP BY ${column}`;
      const counted = (await db.query<Row & { n: number }>(sql, s.params)).rows;
      return new Map(counted.map((row) => [rowOf(row)[field], row.n]));
    },
    async row(where, orderBy) {
      return (await rows({ where, ...(orderBy ? { orderBy } : {}), limit: 1 }))[0] ?? null;
    },
    async insert(row) {
      const s = new Statement(columns);
      const given = Object.entries(row as Row).filter(([f, v]) => v !== undefined && f in columns);
      const values = given.map(([f, v]) => s.param(f, v));
      const names = given.map(([f]) => columnName(f)).join(', ');
      const sql = `INSERT INTO ${spec.name} (${names}) VALUES (${values.join(', ')}) RETURNING ${selected}`;
      return (await run(sql, s))[0]!;
    },
    async insertAll(rows) {
      if (!rows.length) return [];
      const s = new Statement(columns);
      const given = fields.filter((f) => rows.some((row) => (row as Row)[f] !== undefined));
      const values = rows.map((row) => {
        const value = (f: string) => (row as Row)[f];
        return `(${given.map((f) => (value(f) === undefined ? 'DEFAULT' : s.param(f, value(f)))).join(', ')})`;
      });
      const names = given.map(columnName).join(', ');
      const sql = `INSERT INTO ${spec.name} (${names}) VALUES ${values.join(', ')} RETURNING ${selected}`;
      return run(sql, s);
    },
    async update(where, changes) {
      const s = new Statement(columns);
      const set = Object.entries(changes as Row)
        .filter(([f, v]) => v !== undefined && f in columns)
        .map(([f, v]) => `${columnName(f)} = ${s.param(f, v)}`);
      if (!set.length) return rows({ where });
      return run(`UPDATE ${spec.name} SET ${set.join(', ')}${s.where(where)} RETURNING ${selected}`, s);
    },
    async increment(where, by) {
      const s = new Statement(columns);
      const set = Object.entries(by as Row).map(([f, n]) => {
        const column = sqlColumn(columns, f);
        return `${column} = ${column} + ${s.param(f, n)}`;
      });
      if (!set.length) return rows({ where });
      return run(`UPDATE ${spec.name} SET ${set.join(', ')}${s.where(where)} RETURNING ${selected}`, s);
    },
    async remove(where) {
      const s = new Statement(columns);
      return run(`DELETE FROM ${spec.name}${s.where(where)} RETURNING ${selected}`, s);
    },
  };
}

/** The database each `sqlTables` runs on (a transaction's, for the tables a transaction gives). */
const databases = new WeakMap<Tables, Database>();

/** The domain's `Tables` over `db`. */
export function sqlTables(db: Database): Tables {
  const tables: Tables = {
    of: (spec) => sqlTable(db, spec),
    transaction: (fn) => db.transaction((tx) => fn(sqlTables(tx))),
    lock: async (key) => {
      await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
    },
  };
  databases.set(tables, db);
  return tables;
}

/** The database `tables` runs on (what a write that is no port call joins: the same transaction). */
export const databaseOf = (tables: Tables): Database | undefined => databases.get(tables);

/** The server's rows: written at the process's time, new ones named by random UUIDs. */
export const SERVER_ROW_CLOCK: RowClock = { now: () => Date.now(), newId: () => randomUUID() };
