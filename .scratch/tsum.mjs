import { readFileSync } from 'node:fs';
const t = JSON.parse(readFileSync(process.argv[2] ?? '/tmp/trace26.json', 'utf8')).traceEvents;
const mains = new Set(t.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
const ev = t.filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`));
const t0 = Math.min(...t.filter((e) => e.name === 'navigationStart').map((e) => e.ts));
for (const e of ev.filter((e) => e.dur > 1000).sort((a, b) => a.ts - b.ts)) console.log(((e.ts - t0) / 1000).toFixed(1).padStart(7), (e.dur / 1000).toFixed(1).padStart(6), ((e.tdur ?? 0) / 1000).toFixed(1).padStart(6), e.name, JSON.stringify(e.args?.data?.url ?? e.args?.fileName ?? e.args?.data?.functionName ?? '').slice(-40));
