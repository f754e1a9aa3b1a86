// Throwaway: one traced cold load of our login page; prints the main-thread timeline summary.
import { chromium } from 'playwright';
import { writeFileSync } from 'node:fs';
import { chromiumLaunchOptions } from '/work/main/scripts/chromium.mjs';
const url = process.argv[2] ?? 'http://127.0.0.1:8797/login.html';
const rate = Number(process.argv[3] ?? 1);
const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
// warm
for (let i = 0; i < 2; i++) { const c = await browser.newContext(); const p = await c.newPage(); await p.goto(url); await p.waitForTimeout(300); await c.close(); }
const context = await browser.newContext();
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');
await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
if (rate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
await browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'v8'] });
await page.goto(url);
const ms = await page.waitForFunction(() => {
  const input = document.querySelector('auth-login-box')?.shadowRoot?.querySelector('[part~="email-input"]') ?? document.querySelector('hanko-auth')?.shadowRoot?.querySelector('input[type="email"]');
  if (!input || input.disabled || !input.getClientRects().length) return false;
  input.focus();
  return input.getRootNode().activeElement === input ? performance.now() : false;
}, null, { polling: 'raf', timeout: 20000 }).then((h) => h.jsonValue());
await page.waitForTimeout(200);
const buf = await browser.stopTracing();
const res = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname.slice(-40), Math.round(e.startTime), Math.round(e.responseEnd), e.transferSize]));
const nav = await page.evaluate(() => { const n = performance.getEntriesByType('navigation')[0]; return { resEnd: Math.round(n.responseEnd), dcl: Math.round(n.domContentLoadedEventEnd) }; });
console.log('usable at', ms.toFixed(1), 'nav', nav);
for (const r of res) console.log('  ', r.join('  '));
writeFileSync('/tmp/trace26.json', buf);
const trace = JSON.parse(buf.toString());
const events = trace.traceEvents;
const navStart = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationStart')?.ts ?? events.filter(e=>e.ts).reduce((a, e) => Math.min(a, e.ts), Infinity);
// main renderer thread: the thread with most RunTask of CrRendererMain
const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const mains = new Set(threads.map((t) => `${t.pid}:${t.tid}`));
const top = events.filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`) && e.dur > 500 && ['EvaluateScript', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall', 'ParseHTML', 'Layout', 'UpdateLayoutTree', 'Paint', 'v8.compile', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'RunMicrotasks', 'v8.run', 'ParseAuthorStyleSheet', 'Commit', 'PrePaint', 'ScheduleStyleRecalculation', 'HitTest', 'V8.GCScavenger', 'MajorGC', 'MinorGC', 'ResourceReceivedData', 'v8.produceModuleCache'].includes(e.name));
for (const e of top.sort((a, b) => a.ts - b.ts)) console.log(((e.ts - navStart) / 1000).toFixed(1).padStart(7), (e.dur / 1000).toFixed(1).padStart(6), e.name, (e.args?.data?.url ?? e.args?.data?.functionName ?? e.args?.fileName ?? '').toString().slice(-50));
await browser.close();
