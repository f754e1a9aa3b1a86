// The interop suite's inventory (inventory.ts) against the client itself: every function of
// @frontegg/rest-api 3.1.18 is listed, nothing else is, and every entry says why. Prints the
// summary line. The probes are in probes.test.ts. See docs/interop.md.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import * as client from '@frontegg/rest-api';
import { INVENTORY, type Entry } from './inventory';

const isClass = (value: unknown) => /^class\b/.test(Function.prototype.toString.call(value));

/** Every function of the client's `api` object, `area.name`, read from the package itself. */
function clientFunctions(): { calls: string[]; classes: string[] } {
  const calls: string[] = [];
  const classes: string[] = [];
  for (const [area, module] of Object.entries(client.api as Record<string, Record<string, unknown>>)) {
    for (const [name, value] of Object.entries(module)) {
      if (typeof value !== 'function') continue;
      (isClass(value) ? classes : calls).push(`${area}.${name}`);
    }
  }
  return { calls: calls.sort(), classes: classes.sort() };
}

test('the inventory lists every function of the client, and nothing else', () => {
  const { calls, classes } = clientFunctions();
  // Classes are not calls: the client's only one is its feature-flag cache (no HTTP).
  assert.deepEqual(classes, ['featureFlags.FeatureFlags']);
  const listed = Object.keys(INVENTORY).sort();
  const missing = calls.filter((name) => !(name in INVENTORY));
  const unknown = listed.filter((name) => !calls.includes(name));
  assert.deepEqual(missing, [], `client functions missing from the inventory: ${missing.join(', ')}`);
  assert.deepEqual(unknown, [], `inventory entries the client does not have: ${unknown.join(', ')}`);
  // Every top-level function export that is a call is one of the api object's functions.
  const apiFunctions = new Set(
    Object.values(client.api as Record<string, Record<string, unknown>>).flatMap((m) => Object.values(m)),
  );
  for (const [name, value] of Object.entries(client)) {
    if (typeof value !== 'function' || isClass(value)) continue;
    assert.ok(apiFunctions.has(value), `top-level export ${name} is not in the api object`);
  }
});

test('every gap and not-built entry says why', () => {
  for (const [name, entry] of Object.entries(INVENTORY)) {
    if (entry.status === 'gap') assert.ok(entry.differs.length > 10, `${name}: say what differs`);
    if (entry.status === 'not-built') assert.ok(entry.reason.length > 10, `${name}: say which area`);
  }
});

after(() => {
  const entries = Object.values(INVENTORY);
  const count = (status: Entry['status']) => entries.filter((e) => e.status === status).length;
  const served = count('served');
  const gaps = count('gap');
  console.log(
    `interop: ${entries.length} client functions, ${served} served, ${gaps} gap, ${count('not-built')} not built; ` +
      `${((100 * served) / (served + gaps)).toFixed(1)} % of built-feature functions served`,
  );
});
