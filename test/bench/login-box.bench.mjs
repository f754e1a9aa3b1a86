#!/usr/bin/env node
// `npm run bench`: cold loads of the plain login page in headless Chromium against the reference
// server. For each run: milliseconds from navigation start to a focusable email field, bytes on the
// wire (encoded) and decoded, and request count. Prints every run and the medians.
// The first run also prints its request timeline (start and end in ms after navigation start,
// from Resource Timing), marking what started before the email field was focusable.
// Usage: npm run bench [-- --runs 9]   (BENCH_PORT=... picks the server's port, default 8797)
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 7;
const port = Number(process.env.BENCH_PORT) || 8797;
const origin = `http://127.0.0.1:${port}`;
const root = fileURLToPath(new URL('../..', import.meta.url));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function waitForServer(url, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() - started > timeoutMs) throw new Error(`server did not start: ${url}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// Node itself (not npx) so that killing it stops the server.
const server = spawn(process.execPath, ['--import', 'tsx', 'test/e2e/serve-api.ts'], {
  cwd: root,
  env: { ...process.env, E2E_API_PORT: String(port) },
  stdio: 'ignore',
});
try {
  await waitForServer(`${origin}/frontegg/identity/resources/configurations/v1/public`);
  const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
  const results = [];
  for (let i = 0; i < runs; i += 1) {
    const context = await browser.newContext(); // fresh cache and cookies: a first visit
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let encoded = 0;
    let requests = 0;
    const decodedById = new Map();
    cdp.on('Network.responseReceived', (e) => decodedById.set(e.requestId, 0));
    cdp.on('Network.dataReceived', (e) =>
      decodedById.set(e.requestId, (decodedById.get(e.requestId) ?? 0) + e.dataLength),
    );
    cdp.on('Network.loadingFinished', (e) => {
      encoded += e.encodedDataLength;
      requests += 1;
    });
    await page.goto(`${origin}/login.html`);
    const ms = await page
      .waitForFunction(
        () => {
          const input = document
            .querySelector('auth-login-box')
            ?.shadowRoot?.querySelector('[part~="email-input"]');
          if (!input || input.disabled || !input.getClientRects().length) return false;
          input.focus();
          return input.getRootNode().activeElement === input ? performance.now() : false;
        },
        undefined,
        { polling: 'raf', timeout: 15_000 },
      )
      .then((h) => h.jsonValue());
    await page.waitForLoadState('networkidle');
    const decoded = [...decodedById.values()].reduce((a, b) => a + b, 0);
    const timeline = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => ({ name: e.name, start: e.startTime, end: e.responseEnd, type: e.initiatorType })),
    );
    const before = timeline.filter((r) => r.start < ms).length + 1; // + the document itself
    results.push({ ms, encoded, decoded, requests, before });
    console.log(
      `run ${i + 1}: email field focusable after ${ms.toFixed(0)} ms, ${(encoded / 1000).toFixed(1)} KB on the wire (${(decoded / 1000).toFixed(1)} KB decoded), ${requests} requests (${before} started before the field was focusable)`,
    );
    if (i === 0) {
      for (const r of timeline) {
        const { pathname, search } = new URL(r.name);
        console.log(
          `    ${r.start.toFixed(0).padStart(5)} → ${r.end.toFixed(0).padStart(5)} ms ${r.start < ms ? ' ' : '*'} ${r.type.padEnd(6)} ${pathname}${search}`,
        );
      }
      console.log(`    (* started after the field was focusable at ${ms.toFixed(0)} ms)`);
    }
    await context.close();
  }
  await browser.close();
  console.log(`\nmedian of ${runs} cold loads of /login.html:`);
  console.log(`  time to a focusable email field: ${median(results.map((r) => r.ms)).toFixed(0)} ms`);
  console.log(
    `  bytes on the wire: ${(median(results.map((r) => r.encoded)) / 1000).toFixed(1)} KB (decoded ${(median(results.map((r) => r.decoded)) / 1000).toFixed(1)} KB)`,
  );
  console.log(
    `  requests: ${median(results.map((r) => r.requests))} (started before the field was focusable: ${median(results.map((r) => r.before))})`,
  );
} finally {
  server.kill('SIGTERM');
}
