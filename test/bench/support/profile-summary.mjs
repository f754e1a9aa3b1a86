// Summarises a V8 CPU profile (node --cpu-prof): self time by package or source file, and the
// heaviest functions. `node test/bench/support/profile-summary.mjs <file.cpuprofile> [top]`
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.mjs <file.cpuprofile> [top]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i += 1)
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const where = (url) => {
  if (!url) return '(native / V8)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return url;
  const local = /\/(server|core|test)\/(.*)$/.exec(url);
  return local ? `${local[1]}/${local[2]}` : url;
};
const groups = new Map();
const functions = new Map();
for (const [id, time] of self) {
  const { callFrame } = byId.get(id);
  const group = where(callFrame.url);
  groups.set(group, (groups.get(group) ?? 0) + time);
  const name = `${callFrame.functionName || '(anonymous)'} ${group}:${callFrame.lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + time);
}
const pct = (t) => `${((t / total) * 100).toFixed(1).padStart(5)} %`;
console.log(`${(total / 1e6).toFixed(1)} s sampled`);
console.log('Self time by package or file:');
for (const [name, time] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`  ${pct(time)}  ${name}`);
console.log('Heaviest functions (self time):');
for (const [name, time] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`  ${pct(time)}  ${name}`);
