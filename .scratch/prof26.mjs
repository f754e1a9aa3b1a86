import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '/work/main/scripts/chromium.mjs';
const url = process.argv[2] ?? 'http://127.0.0.1:8797/login.html';
const runs = Number(process.argv[3] ?? 5);
const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
const self = new Map(); const byUrl = new Map(); let total = 0;
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  await page.waitForFunction(() => { const i = document.querySelector('auth-login-box')?.shadowRoot?.querySelector('[part~="email-input"]'); return i && !i.disabled; }, null, { polling: 'raf' });
  const { profile } = await cdp.send('Profiler.stop');
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas; 
  profile.samples.forEach((id, k) => {
    const n = nodes.get(id); const d = (dt[k + 1] ?? 0) / 1000; total += d;
    const cf = n.callFrame; const key = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}:${cf.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + d);
    const u = cf.url ? cf.url.split('/').slice(-2).join('/') : `(${cf.functionName})`;
    byUrl.set(u, (byUrl.get(u) ?? 0) + d);
  });
  await context.close();
}
console.log('total sampled ms per load', (total / runs).toFixed(1));
for (const [k, v] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log('  url', (v / runs).toFixed(1).padStart(6), k);
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log((v / runs).toFixed(2).padStart(6), k);
await browser.close();
