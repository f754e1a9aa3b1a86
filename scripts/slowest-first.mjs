// The order scripts/run-unit-tests.mjs hands its files to Node's runner, which starts them in that
// order, as many at a time as there are cores: the slowest first by the last run's wall times, so
// that a long file (a minute or more) never starts near the end and runs on alone while the other
// core has nothing left. A file the last run did not time (new, or no earlier run) goes first: it may
// be slow. Ties keep the given order.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** `files` in the order to start them; `durations` maps a file to its last wall time in ms. */
export function slowestFirst(files, durations) {
  const known = (file) => typeof durations[file] === 'number';
  const rank = (file) => (known(file) ? durations[file] : Infinity);
  return files
    .map((file, index) => ({ file, index }))
    .sort((a, b) => rank(b.file) - rank(a.file) || a.index - b.index)
    .map(({ file }) => file);
}

/** The wall times the last runs recorded in `path` ({file: ms}); none when absent or unreadable. */
export function readDurations(path) {
  if (!existsSync(path)) return {};
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** Adds this run's wall times ({file, ms} lines of the durations reporter) to what `path` keeps. */
export function recordDurations(path, lines) {
  const durations = readDurations(path);
  for (const { file, ms } of lines) durations[file] = ms;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(durations, null, 1)}\n`);
}
