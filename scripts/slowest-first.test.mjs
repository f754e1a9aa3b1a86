import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readDurations, recordDurations, slowestFirst } from './slowest-first.mjs';

test('the slowest file of the last run starts first; files it did not time go before every timed one', () => {
  const files = ['a.test.ts', 'b.test.ts', 'c.test.ts', 'new.test.ts', 'd.test.ts'];
  const durations = { 'a.test.ts': 1_000, 'b.test.ts': 69_000, 'c.test.ts': 1_000, 'd.test.ts': 20_000 };
  assert.deepEqual(slowestFirst(files, durations), [
    'new.test.ts',
    'b.test.ts',
    'd.test.ts',
    'a.test.ts',
    'c.test.ts',
  ]);
});

test('without any earlier run the given order stays', () => {
  const files = ['z.test.ts', 'a.test.ts', 'm.test.ts'];
  assert.deepEqual(slowestFirst(files, {}), files);
});

test('the recorded times add up over runs, and a missing or broken record is no record', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slowest-first-'));
  try {
    const path = join(dir, 'cache', 'durations.json');
    assert.deepEqual(readDurations(path), {});
    recordDurations(path, [{ file: 'a.test.ts', ms: 5 }]);
    recordDurations(path, [{ file: 'b.test.ts', ms: 7 }]);
    assert.deepEqual(readDurations(path), { 'a.test.ts': 5, 'b.test.ts': 7 });
    writeFileSync(path, '{not json');
    assert.deepEqual(readDurations(path), {});
    writeFileSync(path, '[1, 2]');
    assert.deepEqual(readDurations(path), {});
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
