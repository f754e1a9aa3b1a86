import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkLayers } from './layers.mjs';

const tree = (entries) => new Map(Object.entries(entries));

test('a layered tree passes', () => {
  assert.deepEqual(
    checkLayers(
      tree({
        'core/a.ts': "import { b } from './b';\nexport const a = b;",
        'core/b.ts': 'export const b = 1;',
        'elements/x.tsx': "import { a } from '../core/a';\nexport const x = a;",
        'server/routes/r.ts': "import { h } from '../http/h';\nexport const r = h;",
        'server/routes/r.test.ts': "import { r } from './r';\nimport { s } from './s';",
        'server/routes/s.ts': 'export const s = 1;',
        'server/http/h.ts': 'export const h = 1;',
      }),
    ),
    [],
  );
});

test('a run-time cycle fails; a type-only one does not', () => {
  const cyclic = checkLayers(
    tree({
      'server/a.ts': "import { b } from './b';\nexport const a = 1;",
      'server/b.ts': "import { a } from './a';\nexport const b = a;",
    }),
  );
  assert.deepEqual(cyclic, ['import cycle: server/a.ts -> server/b.ts -> server/a.ts']);
  for (const back of [
    "import type { A } from './a';",
    "import { type A } from './a';",
    "export type { A } from './a';",
  ]) {
    assert.deepEqual(
      checkLayers(
        tree({ 'server/a.ts': "import { b } from './b';\nexport type A = 1;", 'server/b.ts': back }),
      ),
      [],
      back,
    );
  }
});

test('core may not import elements or server; elements may not import server', () => {
  const found = checkLayers(
    tree({
      'core/a.ts': "import { x } from '../elements/x';\nimport { s } from '../server/s';",
      'elements/x.tsx': "import { s } from '../server/s';\nexport const x = 1;",
      'server/s.ts': 'export const s = 1;',
    }),
  );
  assert.equal(found.length, 3);
  assert.match(found.join('\n'), /core\/a\.ts imports elements\/x\.tsx/);
  assert.match(found.join('\n'), /core\/a\.ts imports server\/s\.ts/);
  assert.match(found.join('\n'), /elements\/x\.tsx imports server\/s\.ts/);
});

test('a route file may not import another route file; production may not import test support', () => {
  const found = checkLayers(
    tree({
      'server/routes/a.ts': "import { b } from './b';\nimport { t } from '../../test/support/t';",
      'server/routes/b.ts': 'export const b = 1;',
      'test/support/t.ts': 'export const t = 1;',
    }),
  );
  assert.equal(found.length, 2);
  assert.match(found[0], /a route file may not import another route file/);
  assert.match(found[1], /production code may not import test code/);
});

test('core/domain runs in the browser too: no server, core/api, core/demo or Node.js built-in at run time', () => {
  const found = checkLayers(
    tree({
      'core/domain/rules.ts': [
        "import { db } from '../../server/db';",
        "import { http } from '../api/http';",
        "import { demo } from '../demo/demo';",
        "import type { Dto } from '../api/dto';",
        "import { createHash } from 'node:crypto';",
        "import { shared } from '../contract/shared';",
      ].join('\n'),
      'core/domain/rules.test.ts':
        "import { readFileSync } from 'node:fs';\nimport { demo } from '../demo/demo';",
      'server/db.ts': 'export const db = 1;',
      'core/api/http.ts': 'export const http = 1;',
      'core/api/dto.ts': 'export type Dto = 1;',
      'core/demo/demo.ts': 'export const demo = 1;',
      'core/contract/shared.ts': 'export const shared = 1;',
    }),
  );
  assert.equal(found.length, 4, found.join('\n'));
  assert.match(found.join('\n'), /rules\.ts imports server\/db\.ts: core\/ may not import server/);
  assert.match(found.join('\n'), /rules\.ts imports core\/api\/http\.ts/);
  assert.match(found.join('\n'), /rules\.ts imports core\/demo\/demo\.ts/);
  assert.match(found.join('\n'), /rules\.ts imports a Node\.js built-in/);
});

test('a cycle through import() fails like a static one', () => {
  assert.deepEqual(
    checkLayers(
      tree({
        'core/a.ts': "import { b } from './b';\nexport const a = 1;",
        'core/b.ts': "export const b = () => import('./a');",
      }),
    ),
    ['import cycle: core/a.ts -> core/b.ts -> core/a.ts'],
  );
});

test('an allowed cycle passes; once it is gone, or it takes in another file, it fails', () => {
  const cyclic = {
    'core/a.ts': "import { b } from './b';\nexport const a = 1;",
    'core/b.ts': "export const b = () => import('./a');",
  };
  const allowed = [['core/b.ts', 'core/a.ts']];
  assert.deepEqual(checkLayers(tree(cyclic), allowed), []);
  assert.deepEqual(checkLayers(tree({ ...cyclic, 'core/b.ts': 'export const b = 1;' }), allowed), [
    'allowed import cycle is gone (core/a.ts core/b.ts): remove it from ALLOWED_CYCLES in scripts/layers.mjs',
  ]);
  const grown = checkLayers(
    tree({
      ...cyclic,
      'core/b.ts': "import { c } from './c';\nexport const b = () => import('./a');",
      'core/c.ts': "import { b } from './b';\nexport const c = 1;",
    }),
    allowed,
  );
  assert.equal(grown.length, 2);
  assert.match(grown.join('\n'), /allowed import cycle is gone/);
  assert.match(grown.join('\n'), /import cycle: core\/a\.ts -> core\/b\.ts -> core\/c\.ts/);
});
