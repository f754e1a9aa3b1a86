// A reporter for Node's test runner (`--test-reporter=./scripts/file-durations-reporter.mjs`): the
// wall time of every test file, from the moment the runner starts its process (the file's own
// `test:dequeue`) to its last event, and whether everything in it passed. Node's own reporters
// print each test's time, never a file's. Output, once the run ends: one JSON line per file,
// {"file", "ms", "ok"}.
import { relative } from 'node:path';

export default async function* fileDurations(source) {
  const files = new Map();
  for await (const event of source) {
    const file = event.data?.file;
    if (!file) continue;
    const isFile = event.data.nesting === 0 && event.data.name === file;
    if (isFile && event.type === 'test:enqueue') continue;
    let entry = files.get(file);
    if (!entry) {
      entry = { started: Date.now(), last: Date.now(), ok: true };
      files.set(file, entry);
    }
    entry.last = Date.now();
    if (event.type === 'test:fail') entry.ok = false;
    // A file-level result (a crash, the per-file timeout) carries the process's own duration.
    if (isFile && typeof event.data.details?.duration_ms === 'number')
      entry.ms = event.data.details.duration_ms;
  }
  for (const [file, entry] of files) {
    const ms = Math.round(entry.ms ?? entry.last - entry.started);
    yield `${JSON.stringify({ file: relative(process.cwd(), file), ms, ok: entry.ok })}\n`;
  }
}
