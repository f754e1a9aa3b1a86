/**
 * The storage seam of the reference server: one tiny interface, two implementations.
 *
 * - PGlite (embedded PostgreSQL in WASM): the default, in a data folder or in memory (tests).
 * - `pg` Pool: a real PostgreSQL (or Postgres-compatible) server, shared by many server processes.
 *
 * Everything the server needs across requests lives in the database, never in process memory,
 * so several processes behind a load balancer behave as one.
 */
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

async function openPostgres(url: string, maxConnections = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // An idle client that loses its connection emits 'error' on the pool; without a listener
  // that would crash the process. The next query simply gets a fresh connection.
  pool.on('error', () => {});
  await pool.query('SELECT 1');
  return {
    query: async <T>(sql: string, params?: unknown[]) => {
      const result = await pool.query(sql, params ?? []);
      return { rows: result.rows as T[] };
    },
    transaction: async <R>(fn: (tx: Database) => Promise<R>): Promise<R> => {
      const client = await pool.connect();
      let result: R;
      try {
        await client.query('BEGIN');
        const handle = transactionHandle({
          query: async <T>(sql: string, params?: unknown[]) => ({
            rows: (await client.query(sql, params ?? [])).rows as T[],
          }),
        });
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
