// The interop suite's probes: the reference server driven by the real client,
// @frontegg/rest-api 3.1.18, for every served and gap entry of the inventory (inventory.ts), in the
// table's order against one server. A served entry's probe must pass; a gap's must still fail as
// listed. inventory.test.ts checks that the table covers the client. See docs/interop.md.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { INVENTORY, NO_ROUTE, type Failure } from './inventory';
import { startInteropServer, currentBrowser, type InteropServer } from './harness';
import { Misfit, useServer } from './kit';

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

/** INTEROP_EXPLAIN=<file>: writes each probe's outcome there (a tab-separated working list). */
const explain = process.env.INTEROP_EXPLAIN;
/** INTEROP_ONLY=auth.login,auth.logout: probe only these. */
const only = process.env.INTEROP_ONLY?.split(',');

const names = Object.keys(INVENTORY).filter(
  (name) => INVENTORY[name]!.status !== 'not-built' && (!only || only.includes(name)),
);

describe('the real client against the reference server', () => {
  let peer: InteropServer | undefined;
  const outcomes: string[] = [];
  before(async () => {
    if (names.length === 0) return;
    peer = await startInteropServer();
    useServer(peer.server);
  });
  after(async () => {
    await peer?.close();
    if (explain && outcomes.length) writeFileSync(explain, `${outcomes.join('\n')}\n`);
  });

  for (const name of names) {
    const entry = INVENTORY[name]!;
    if (entry.status === 'not-built') continue;
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
        const outcome =
          failure === undefined ? 'ok' : `${JSON.stringify(failureOf(failure))}\t${messageOf(failure)}`;
        outcomes.push(`${name}\t${entry.status}\t${outcome}\t${last}`);
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
