// Demo mode's rows (core/demo/rows.ts): the clock's timestamps.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isoNow } from './rows';

test("a row's timestamp is the clock's time", () => {
  assert.equal(
    isoNow(() => Date.UTC(2026, 0, 2)),
    '2026-01-02T00:00:00.000Z',
  );
});
