// Byte budgets of the CDN build (run after `npm run build`; `npm test` builds first).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUDGETS, overBudget, report, ROOT, VERSION } from './size.mjs';

const result = report();

test('loader.js stays within 2.5 KB min+gzip', () => {
  assert.ok(result.loader <= BUDGETS.loader, `loader.js is ${result.loader} B`);
});

test('everything a page with only <auth-login-box> downloads stays within 85.5 KB min+gzip, in two files', () => {
  const page = result.pages['login-box page'];
  assert.ok(
    page.gzip <= BUDGETS['login-box page'],
    `login-box page is ${page.gzip} B: ${page.files.join(', ')}`,
  );
  // The loader and one bundle file (issue 26): no chunk of its own, no marker chunk.
  assert.deepEqual(
    page.files.sort(),
    [`cdn/${VERSION}/login-box/index.js`, 'cdn/loader.js'],
    page.files.join(', '),
  );
  // The page must not pull the demo backend or another element's entry.
  assert.ok(!page.files.some((f) => /backend|admin-portal\/|checkout\//.test(f)), page.files.join(', '));
});

test("the demo backend's first chunk stays within 55 KB min+gzip; its back-office areas load on first use", () => {
  const { chunk, first, all } = result.demo;
  assert.ok(chunk.gzip <= BUDGETS['demo first chunk'], `${chunk.files[0]} is ${chunk.gzip} B`);
  assert.ok(first.files.includes(chunk.files[0]) && first.gzip <= all.gzip);
  // The back office (core/demo/backOffice.ts) is a chunk of its own, imported on demand only.
  const lazy = all.files.filter((f) => !first.files.includes(f));
  assert.ok(
    lazy.some((f) => /\/chunks\/backOffice-[\w-]+\.js$/.test(f)),
    `chunks loaded on first use: ${lazy.join(', ')}`,
  );
});

test('no page is over its budget', () => assert.deepEqual(overBudget(result), []));

test('no server-only code in any bundle', () => {
  for (const row of result.perFile) {
    const code = readFileSync(join(ROOT, row.file), 'utf8');
    assert.ok(!/pglite|node:crypto|scrypt|fastify/i.test(code), `${row.file} carries server code`);
  }
});
