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
  int: ['int4', 'int8'],
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
