// Throwaway: main-thread CPU (trace tdur) from navigation to a usable email field, ours vs Hanko.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { brotliCompressSync } from 'node:zlib';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '/work/main/scripts/chromium.mjs';
const require = createRequire(import.meta.url);
const ours = process.argv[2] ?? 'http://127.0.0.1:8797';
const runs = Number(process.argv[3] ?? 8);
const peerPort = 8799, peer = `http://127.0.0.1:${peerPort}`;
const hankoJs = brotliCompressSync(readFileSync(require.resolve('@teamhanko/hanko-elements')));
const css = brotliCompressSync(readFileSync('demo-pages/demo.css'));
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="stylesheet" href="/demo.css"><script type="module">import { register } from '/elements.js'; register('${peer}/api');</script></head><body><main><hanko-auth></hanko-auth></main></body></html>`;
const input = (name, type, extra = {}) => ({ name, type, required: true, hidden: false, ...extra });
const flow = (name, actions) => ({ name, status: 200, payload: {}, csrf_token: 'x', actions: Object.fromEntries(Object.entries(actions).map(([a, inputs]) => [a, { action: a, href: `/login?action=${a}%40f`, inputs, description: '' }])) });
const PRE = flow('preflight', { register_client_capabilities: { webauthn_available: input('webauthn_available', 'boolean', { hidden: true }), webauthn_conditional_mediation_available: input('webauthn_conditional_mediation_available', 'boolean', { hidden: true }), webauthn_platform_authenticator_available: input('webauthn_platform_authenticator_available', 'boolean', { hidden: true }) } });
const INIT = flow('login_init', { continue_with_login_identifier: { email: input('email', 'email', { max_length: 120 }) }, webauthn_generate_request_options: {} });
const srv = createServer((req, res) => {
  const url = new URL(req.url, peer);
  if (url.pathname === '/api/login') { req.resume(); req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(url.searchParams.has('action') ? INIT : PRE))); return; }
  if (url.pathname === '/login.html') return res.writeHead(200, { 'content-type': 'text/html' }).end(page);
  if (url.pathname === '/elements.js') return res.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'br' }).end(hankoJs);
  if (url.pathname === '/demo.css') return res.writeHead(200, { 'content-type': 'text/css', 'content-encoding': 'br' }).end(css);
  res.writeHead(404).end();
});
await new Promise((r) => srv.listen(peerPort, '127.0.0.1', r));
const FIELDS = {
  ours: () => document.querySelector('auth-login-box')?.shadowRoot?.querySelector('[part~="email-input"]') ?? null,
  hanko: () => document.querySelector('hanko-auth')?.shadowRoot?.querySelector('input[type="email"]') ?? null,
};
const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
async function one(which) {
  const context = await browser.newContext();
  const pg = await context.newPage();
  await browser.startTracing(pg, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute', 'v8', 'loading', 'blink.user_timing'] });
  await pg.goto(`${which === 'ours' ? ours : peer}/login.html`);
  const ms = await pg.waitForFunction((src) => { const i = new Function(`return (${src})()`)(); if (!i || i.disabled || !i.getClientRects().length) return false; i.focus(); return i.getRootNode().activeElement === i ? performance.now() : false; }, FIELDS[which].toString(), { polling: 'raf' }).then((h) => h.jsonValue());
  const t = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  const mains = new Set(t.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const navs = t.filter((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').includes('login.html'));
  const nav = navs[navs.length - 1].ts;
  const navPid = navs[navs.length - 1].pid;
  for (const m of [...mains]) if (!m.startsWith(`${navPid}:`)) mains.delete(m);
  const end = nav + ms * 1000;
  let cpu = 0, script = 0, style = 0; const by = {};
  for (const e of t) if (e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`) && e.ts >= nav && e.ts < end) {
    if (e.name === 'RunTask') cpu += (e.tdur ?? 0) / 1000;
    if (['v8.compile','v8.compileModule','v8.evaluateModule','FunctionCall','EvaluateScript','ParseHTML','UpdateLayoutTree','Layout','Paint','PrePaint','Commit','MinorGC','MajorGC','ParseAuthorStyleSheet','RunMicrotasks','TimerFire','FireAnimationFrame','EventDispatch','ResourceReceivedData','ResourceFinish','HandlePostMessage','v8.parseOnBackground','V8.GCScavenger', 'v8.callFunction', 'v8.newInstance'].includes(e.name)) by[e.name] = (by[e.name] ?? 0) + (e.tdur ?? 0) / 1000;
    if (e.name === 'v8.evaluateModule' || e.name === 'FunctionCall' || e.name === 'v8.compileModule' || e.name === 'EvaluateScript') script += (e.tdur ?? 0) / 1000;
    if (e.name === 'UpdateLayoutTree' || e.name === 'Layout') style += (e.tdur ?? 0) / 1000;
  }
  if (process.env.DBG) console.log(mains, t.filter((e) => e.name === 'navigationStart').map((e) => [e.ts - nav, e.pid, e.args?.data?.documentLoaderURL]), t.filter((e) => e.name === 'RunTask').length, t.filter((e) => e.name === 'RunTask' && mains.has(`${e.pid}:${e.tid}`)).length);
  return { ms, cpu, script, style, by };
}
const res = { ours: [], hanko: [] };
await one('ours'); await one('hanko');
for (let i = 0; i < runs; i++) for (const w of i % 2 ? ['hanko', 'ours'] : ['ours', 'hanko']) res[w].push(await one(w));
const med = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
for (const w of ['hanko', 'ours']) { const keys = new Set(res[w].flatMap((r) => Object.keys(r.by))); console.log(w, [...keys].map((k) => `${k}=${med(res[w].map((r) => r.by[k] ?? 0)).toFixed(1)}`).join(' ')); }
for (const w of ['hanko', 'ours']) console.log(w.padEnd(6), ['ms', 'cpu', 'script', 'style'].map((k) => `${k} ${med(res[w].map((r) => r[k])).toFixed(1)}`).join('  '));
await browser.close(); srv.close();
