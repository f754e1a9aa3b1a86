// Every table the domain declares (core/domain/tables.ts `table`) is the server's: each declared
// column exists in the migrated schema with the declared type, so a repository written over the
// declaration reads and writes in PostgreSQL what it does in the demo's arrays.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { declaredTables, columnName, type ColumnType } from '../../core/domain/tables';
import type { BuiltServer } from '../app';
import { startTestServer } from '../../test/support/server';

/** A declared type as information_schema.columns names it (`udt_name`). */
const UDT: Record<ColumnType, string[]> = {
  text: ['text'],
  uuid: ['uuid'],
  int: ['int4'],
  bigint: ['int8'],
  bool: ['bool'],
  timestamptz: ['timestamptz'],
  jsonb: ['jsonb'],
  'text[]': ['_text'],
  'uuid[]': ['_uuid'],
  serial: ['int8', 'int4'],
};

let server: BuiltServer;
before(async () => {
  const dir = new URL('../../core/domain/', import.meta.url);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')))
    await import(new URL(file, dir).href);
  server = await startTestServer();
});
after(() => server.close());

test('every declared table and column is in the SQL schema, of the declared type', async () => {
  const { rows } = await server.db.query<{ table_name: string; column_name: string; udt_name: string }>(
    `SELECT table_name, column_name, udt_name FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  const schema = new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, r.udt_name]));
  const declared = declaredTables();
  assert.ok(declared.length >= 6, `the domain declares its tables (found ${declared.length})`);
  const wrong = declared.flatMap((spec) =>
    Object.entries(spec.columns as Record<string, ColumnType>).flatMap(([field, type]) => {
      const found = schema.get(`${spec.name}.${columnName(field)}`);
      return found && UDT[type].includes(found)
        ? []
        : [`${spec.name}.${field}: ${type}, schema ${found ?? 'none'}`];
    }),
  );
  assert.deepEqual(wrong, []);
});

test("each declared cascade is the schema's ON DELETE CASCADE, and each such key between declared tables is declared", async () => {
  const { rows } = await server.db.query<{ child: string; column: string; parent: string; key: string }>(
    `SELECT c.conrelid::regclass::text AS child, a.attname AS column, c.confrelid::regclass::text AS parent,
            af.attname AS key
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       JOIN pg_attribute af ON af.attrelid = c.confrelid AND af.attnum = c.confkey[1]
      WHERE c.contype = 'f' AND c.confdeltype = 'c' AND cardinality(c.conkey) = 1`,
  );
  const declared = new Map(declaredTables().map((spec) => [spec.name, spec]));
  const columnsOf = (name: string) => Object.keys(declared.get(name)?.columns ?? {}).map(columnName);
  const inSchema = rows
    .filter(
      (r) => r.key === 'id' && columnsOf(r.parent).includes('id') && columnsOf(r.child).includes(r.column),
    )
    .map((r) => `${r.parent} -> ${r.child}.${r.column}`);
  const inDeclarations = [...declared.values()].flatMap((spec) =>
    spec.cascade().map(({ table, column }) => `${spec.name} -> ${table.name}.${columnName(column)}`),
  );
  assert.deepEqual(inDeclarations.sort(), [...new Set(inSchema)].sort());
});
