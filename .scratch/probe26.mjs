import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '/work/main/scripts/chromium.mjs';
const urls = (process.argv[2] ?? 'http://127.0.0.1:8797/login.html').split(',');
const rate = Number(process.argv[3] ?? 1);
const runs = Number(process.argv[4] ?? 7);
const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
const rowsBy = Object.fromEntries(urls.map((u) => [u, []]));
for (let i = 0; i < runs + 1; i++) for (const url of (i % 2 ? urls : [...urls].reverse())) {
  const rows = rowsBy[url];
  const context = await browser.newContext();
  await context.addInitScript(() => {
    const marks = (window.__marks = {});
    const tick = () => {
      const now = performance.now();
      const box = document.querySelector('auth-login-box');
      if (box && !marks.tag) marks.tag = now;
      if (customElements.get('auth-login-box') && !marks.defined) marks.defined = now;
      if (box?.shadowRoot && !marks.shadow) marks.shadow = now;
      const input = box?.shadowRoot?.querySelector('[part~="email-input"]');
      if (input && !marks.input) marks.input = now;
      if (input && !input.disabled && input.getClientRects().length && !marks.usable) marks.usable = now;
      if (!marks.usable) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (rate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(url);
  await page.waitForFunction(() => window.__marks.usable, null, { timeout: 20000 });
  const m = await page.evaluate(() => {
    const r = Object.fromEntries(performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname.split('/').slice(-2).join('/'), `${Math.round(e.startTime)}-${Math.round(e.responseEnd)}`]));
    const n = performance.getEntriesByType('navigation')[0];
    return { ...Object.fromEntries(Object.entries(window.__marks).map(([k, v]) => [k, Math.round(v)])), html: Math.round(n.responseEnd), dcl: Math.round(n.domContentLoadedEventEnd), ...r };
  });
  if (i) rows.push(m);
  await context.close();
}
for (const [url, rows] of Object.entries(rowsBy)) {
if (process.env.V) for (const r of rows) console.log(JSON.stringify(r));
const med = (k) => { const v = rows.map((r) => r[k]).filter((x) => typeof x === 'number').sort((a, b) => a - b); return v[Math.floor(v.length / 2)]; };
console.log(url.split('/').pop().padEnd(20), 'median', ['html', 'dcl', 'tag', 'defined', 'shadow', 'input', 'usable'].map((k) => `${k}=${med(k)}`).join(' '));
}
await browser.close();
