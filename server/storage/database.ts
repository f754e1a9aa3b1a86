/**
 * The storage seam of the reference server: one tiny interface, two implementations.
 *
 * - PGlite (embedded PostgreSQL in WASM): the default, in a data folder or in memory (tests).
 * - `pg` Pool: a real PostgreSQL (or Postgres-compatible) server, shared by many server processes.
 *
 * Everything the server needs across requests lives in the database, never in process memory,
 * so several processes behind a load balancer behave as one.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

export interface QueryResult<T> {
  rows: T[];
}

/** A SQL database speaking PostgreSQL; `$1, $2, ...` placeholders. */
export interface Database {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /**
   * Runs `fn` inside one transaction: committed when `fn` resolves, rolled back when it throws.
   * Inside `fn`, use only `tx` (PGlite has a single connection: a query on the outer handle
   * would wait for the transaction to end, forever). Nested calls reuse the same transaction.
   */
  transaction<R>(fn: (tx: Database) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

export type DatabaseConfig =
  | {
      kind: 'pglite';
      /** Data folder; undefined = in memory. */
      dataDir?: string;
      /** A PGlite data-folder dump (tar) to start from instead of running initdb (tests: ~3 s saved). */
      loadDataDir?: Blob;
    }
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /**
   * A database already open, shared with other servers in this process (tests of several
   * instances on one PGlite, which cannot be shared between processes). Its owner closes it.
   */
  | { kind: 'shared'; db: Database };

/** Opens the database described by `config` and waits until it answers. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'shared') return { ...config.db, close: async () => {} };
  return config.kind === 'pglite'
    ? openPglite(config.dataDir, config.loadDataDir)
    : openPostgres(config.url, config.maxConnections);
}

interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** A handle bound to a transaction: nested `transaction` calls run in the same one. */
function transactionHandle(q: Queryable): Database {
  const handle: Database = {
    query: <T>(sql: string, params?: unknown[]) => q.query<T>(sql, params ?? []),
    transaction: <R>(fn: (tx: Database) => Promise<R>) => fn(handle),
    close: async () => {
      throw new Error('close() is not available inside a transaction');
    },
  };
  return handle;
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    // Trigram indexes: the audit log's search (storage/schema/audits.ts).
    extensions: { pg_trgm },
  });
  await db.waitReady;
  return {
    query: async <T>(sql: string, params?: unknown[]) => {
      const result = await db.query<T>(sql, params ?? []);
      return { rows: result.rows };
    },
    transaction: <R>(fn: (tx: Database) => Promise<R>) =>
      db.transaction((tx) =>
        fn(
          transactionHandle({
            query: <T>(sql: string, params?: unknown[]) => tx.query<T>(sql, params ?? []),
          }),
        ),
      ),
    close: () => db.close(),
  };
}

/** Statements prepared at most (each connection keeps the plans of those it has run). */
const MAX_PREPARED = 2_000;
/** PostgreSQL's answer when a prepared plan's result columns changed under it (a migration). */
const CACHED_PLAN_CHANGED = '0A000';

/** Statement names by text ('' once a migration has changed a statement's result under it). */
const statementNames = new Map<string, string>();

function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < MAX_PREPARED) {
    name = `ae_${createHash('sha1').update(sql).digest('base64url')}`;
    statementNames.set(sql, name);
  }
  return name || undefined;
}

/**
 * Named prepared statements for every query with parameters: PostgreSQL parses and plans each
 * text once per connection instead of on every call. The name is a digest of the text, so every
 * process names a text alike. A plan a migration has invalidated (another process added a column
 * to a `SELECT *`) is answered with 0A000: outside a transaction the query is sent again
 * unprepared, and that text is not prepared again by this process.
 */
function preparedQueries(target: pg.Pool | pg.PoolClient, inTransaction: boolean) {
  return async <T>(sql: string, params: unknown[] = []): Promise<{ rows: T[] }> => {
    const name = params.length ? statementName(sql) : undefined;
    if (!name) return { rows: (await target.query(sql, params)).rows as T[] };
    try {
      return { rows: (await target.query({ name, text: sql, values: params })).rows as T[] };
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      if (code !== CACHED_PLAN_CHANGED || !message?.includes('cached plan')) throw error;
      statementNames.set(sql, '');
      if (inTransaction) throw error;
      return { rows: (await target.query(sql, params)).rows as T[] };
    }
  };
}

/** Connections per process: enough for the requests in flight, few enough for many processes. */
const DEFAULT_POOL_SIZE = 10;

async function openPostgres(url: string, maxConnections = DEFAULT_POOL_SIZE): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // An idle client that loses its connection emits 'error' on the pool; without a listener
  // that would crash the process. The next query simply gets a fresh connection.
  pool.on('error', () => {});
  await pool.query('SELECT 1');
  const query = preparedQueries(pool, false);
  return {
    query,
    transaction: async <R>(fn: (tx: Database) => Promise<R>): Promise<R> => {
      const client = await pool.connect();
      let result: R;
      try {
        await client.query('BEGIN');
        const handle = transactionHandle({ query: preparedQueries(client, true) });
        result = await fn(handle);
        await client.query('COMMIT');
      } catch (error) {
        // A connection whose ROLLBACK failed is in an unknown state: destroy it, do not reuse it.
        const broken = await client.query('ROLLBACK').then(
          () => false,
          () => true,
        );
        client.release(broken);
        throw error;
      }
      client.release();
      return result;
    },
    close: () => pool.end(),
  };
}
