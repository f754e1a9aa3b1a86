// The interop suite: the reference server driven by the real client, @frontegg/rest-api 3.1.18, for
// every function of the client. The inventory (inventory.ts) says for each function whether we
// serve it, have a known gap, or have not built its area; this file checks that the inventory
// covers the whole client and that each entry is still true. See docs/interop.md.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import * as client from '@frontegg/rest-api';
import { INVENTORY, NO_ROUTE, type Entry, type Failure } from './inventory';
import { startInteropServer, currentBrowser, type InteropServer } from './harness';
import { Misfit, useServer } from './kit';

/** Every function of the client's `api` object, `area.name`, read from the package itself. */
function clientFunctions(): { calls: string[]; classes: string[] } {
  const calls: string[] = [];
  const classes: string[] = [];
  for (const [area, module] of Object.entries(client.api as Record<string, Record<string, unknown>>)) {
    for (const [name, value] of Object.entries(module)) {
      if (typeof value !== 'function') continue;
      const isClass = /^class\b/.test(Function.prototype.toString.call(value));
      (isClass ? classes : calls).push(`${area}.${name}`);
    }
  }
  return { calls: calls.sort(), classes: classes.sort() };
}

/** How a probe failed: NO_ROUTE, the HTTP status the client saw, the misfit paths of the answer, or 'error'. */
function failureOf(error: unknown): Failure {
  const status = (error as { statusCode?: unknown }).statusCode;
  // The server's answer for a path it does not have (a missing resource says more than this).
  if (status === 404 && error instanceof Error && error.message === 'Not found') return NO_ROUTE;
  if (typeof status === 'number') return status;
  if (error instanceof Misfit) return [...error.paths].sort();
  return 'error';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}

const { calls, classes } = clientFunctions();
/** INTEROP_EXPLAIN=<file>: writes each probe's outcome there (a tab-separated working list). */
const explain = process.env.INTEROP_EXPLAIN;
/** INTEROP_ONLY=auth.login,auth.logout: probe only these (the inventory checks still run). */
const only = process.env.INTEROP_ONLY?.split(',');

test('the inventory lists every function of the client, and nothing else', () => {
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
    if (typeof value !== 'function' || /^class\b/.test(Function.prototype.toString.call(value))) continue;
    assert.ok(apiFunctions.has(value), `top-level export ${name} is not in the api object`);
  }
});

test('every gap and not-built entry says why', () => {
  for (const [name, entry] of Object.entries(INVENTORY)) {
    if (entry.status === 'gap') assert.ok(entry.differs.length > 10, `${name}: say what differs`);
    if (entry.status === 'not-built') assert.ok(entry.reason.length > 10, `${name}: say which area`);
  }
});

describe('the real client against the reference server', () => {
  let peer: InteropServer;
  const outcomes: string[] = [];
  before(async () => {
    peer = await startInteropServer();
    useServer(peer.server);
  });
  after(async () => {
    await peer?.close();
    const entries = Object.values(INVENTORY);
    const count = (status: Entry['status']) => entries.filter((e) => e.status === status).length;
    const served = count('served');
    const gaps = count('gap');
    const built = served + gaps;
    console.log(
      `interop: ${entries.length} client functions, ${served} served, ${gaps} gap, ${count('not-built')} not built; ` +
        `${((100 * served) / built).toFixed(1)} % of built-feature functions served`,
    );
    if (explain) writeFileSync(explain, `${outcomes.join('\n')}\n`);
  });

  for (const [name, entry] of Object.entries(INVENTORY)) {
    if (entry.status === 'not-built' || (only && !only.includes(name))) continue;
    test(`${name} (${entry.status})`, async () => {
      const browser = currentBrowser();
      let failure: unknown;
      try {
        await entry.probe();
      } catch (error) {
        failure = error;
      }
      const last = currentBrowser().sent.at(-1) ?? browser.sent.at(-1) ?? '';
      if (explain) {
        outcomes.push(
          `${name}\t${entry.status}\t${failure === undefined ? 'ok' : `${JSON.stringify(failureOf(failure))}\t${messageOf(failure)}`}\t${last}`,
        );
      }
      if (entry.status === 'served') {
        if (failure !== undefined) throw failure;
        return;
      }
      assert.ok(
        failure !== undefined,
        `${name} is listed as a gap (${entry.differs}) but the client's call now works: move it to served`,
      );
      assert.deepEqual(
        failureOf(failure),
        Array.isArray(entry.fails) ? [...entry.fails].sort() : entry.fails,
        `${name}: the gap changed (listed: ${entry.differs}); now: ${messageOf(failure)} [${last}]`,
      );
    });
  }
});
