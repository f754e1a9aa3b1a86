#!/usr/bin/env node
// `npm run bench:hanko` (also part of `npm run bench`): our /login.html from the reference server
// against Hanko Elements 2.7.0's <hanko-auth> (the lightest peer) with a mocked flow API, loaded
// alternately in one run: a new browser context per load (fresh profile), cache disabled through
// CDP, at 1x and 4x CPU throttling (Emulation.setCPUThrottlingRate). For each page: the median time
// from navigation start to an email field that takes focus, the JS + CSS bytes on the wire, and the
// requests started before the field was usable (the document included); then the ratio ours/Hanko
// of the medians with a bootstrap 95 % interval (each side resampled on its own).
// Both pages get the same stylesheet (demo-pages/demo.css) and the same compression rules: the
// build's .br/.gz for ours (server/static.ts), Hanko's elements.js compressed once at start-up with
// the same settings and sent by Accept-Encoding.
// Usage: node test/bench/vs-hanko.bench.mjs [--runs 15] [--rates 1,4]
//        BENCH_PORT (ours, default 8797) and BENCH_PEER_PORT (Hanko, default BENCH_PORT + 1).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg('runs', process.env.BENCH_RUNS ?? 15));
const RATES = String(arg('rates', '1,4')).split(',').map(Number);
const port = Number(process.env.BENCH_PORT) || 8797;
const peerPort = Number(process.env.BENCH_PEER_PORT) || port + 1;
const ours = `http://127.0.0.1:${port}`;
const peer = `http://127.0.0.1:${peerPort}`;
const root = fileURLToPath(new URL('../..', import.meta.url));

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Bootstrap 95 % interval of median(a) / median(b), each sample resampled with replacement. */
export function bootstrapRatio(a, b, rounds = 4000) {
  const pick = (values) => values.map(() => values[Math.floor(Math.random() * values.length)]);
  const ratios = [];
  for (let i = 0; i < rounds; i += 1) ratios.push(median(pick(a)) / median(pick(b)));
  ratios.sort((x, y) => x - y);
  return [ratios[Math.floor(rounds * 0.025)], ratios[Math.floor(rounds * 0.975)]];
}

// ------------------------------------------------------------------ Hanko: page and mocked flow API
const require = createRequire(import.meta.url);
const hankoJs = readFileSync(require.resolve('@teamhanko/hanko-elements'));
const demoCss = readFileSync(new URL('../../demo-pages/demo.css', import.meta.url));
const compressed = (content) => ({
  raw: content,
  gz: gzipSync(content, { level: 9 }),
  br: brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
});
const HANKO_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Sign in · Hanko</title>
    <link rel="stylesheet" href="/demo.css" />
    <script type="module">
      import { register } from '/elements.js';
      register('${peer}/api');
    </script>
  </head>
  <body>
    <header><h1>Sign in</h1><a href="/">All demos</a></header>
    <main><hanko-auth></hanko-auth></main>
  </body>
</html>`;
const files = {
  '/login.html': { type: 'text/html; charset=utf-8', ...compressed(Buffer.from(HANKO_PAGE)) },
  '/elements.js': { type: 'text/javascript; charset=utf-8', ...compressed(hankoJs) },
  '/demo.css': { type: 'text/css; charset=utf-8', ...compressed(demoCss) },
};
const input = (name, type, extra = {}) => ({ name, type, required: true, hidden: false, ...extra });
const flowAnswer = (name, actions) => ({
  name,
  status: 200,
  payload: {},
  csrf_token: 'bench-csrf',
  actions: Object.fromEntries(
    Object.entries(actions).map(([action, inputs]) => [
      action,
      { action, href: `/login?action=${action}%40bench-flow`, inputs, description: '' },
    ]),
  ),
});
// The login flow as Hanko's API starts it: preflight (which the SDK answers by itself with the
// client's capabilities), then login_init with the email field and a passkey button.
const PREFLIGHT = flowAnswer('preflight', {
  register_client_capabilities: {
    webauthn_available: input('webauthn_available', 'boolean', { hidden: true }),
    webauthn_conditional_mediation_available: input('webauthn_conditional_mediation_available', 'boolean', {
      hidden: true,
    }),
    webauthn_platform_authenticator_available: input('webauthn_platform_authenticator_available', 'boolean', {
      hidden: true,
    }),
  },
});
const LOGIN_INIT = flowAnswer('login_init', {
  continue_with_login_identifier: { email: input('email', 'email', { max_length: 120 }) },
  webauthn_generate_request_options: {},
});

const peerServer = createServer((req, res) => {
  const url = new URL(req.url, peer);
  if (url.pathname === '/api/login' && req.method === 'POST') {
    req.resume();
    req.on('end', () => {
      const body = JSON.stringify(url.searchParams.has('action') ? LOGIN_INIT : PREFLIGHT);
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(body);
    });
    return;
  }
  const file = files[url.pathname];
  if (!file) return res.writeHead(404).end();
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const [encoding, body] = /\bbr\b/.test(accepts)
    ? ['br', file.br]
    : /\bgzip\b/.test(accepts)
      ? ['gzip', file.gz]
      : [undefined, file.raw];
  res.writeHead(200, {
    'content-type': file.type,
    'cache-control': 'no-cache',
    vary: 'accept-encoding',
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  res.end(body);
});

// --------------------------------------------------------------------------------- the measurements
/** performance.now() when the page's email field takes focus, polled every frame. */
const FIELDS = {
  ours: () =>
    document.querySelector('auth-login-box')?.shadowRoot?.querySelector('[part~="email-input"]') ?? null,
  hanko: () => document.querySelector('hanko-auth')?.shadowRoot?.querySelector('input[type="email"]') ?? null,
};

async function load(browser, which, rate) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (rate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const typeById = new Map();
  let assets = 0;
  cdp.on('Network.responseReceived', (e) => typeById.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    if (['Script', 'Stylesheet'].includes(typeById.get(e.requestId))) assets += e.encodedDataLength;
  });
  // Polled from the response on, not from the load event: a field drawn by the HTML itself (our
  // server's first frame) is usable before the page's scripts have loaded.
  await page.goto(`${which === 'ours' ? ours : peer}/login.html`, { waitUntil: 'commit' });
  const ms = await page
    .waitForFunction(
      (source) => {
        const input = new Function(`return (${source})()`)();
        if (!input || input.disabled || !input.getClientRects().length) return false;
        input.focus();
        return input.getRootNode().activeElement === input ? performance.now() : false;
      },
      FIELDS[which].toString(),
      { polling: 'raf', timeout: 20_000 },
    )
    .then((h) => h.jsonValue());
  await page.waitForLoadState('networkidle');
  const starts = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => ({ start: e.startTime, name: e.name })),
  );
  // The browser's own /favicon.ico request (neither page links an icon) is not the page's.
  const before = starts.filter((r) => r.start < ms && new URL(r.name).pathname !== '/favicon.ico');
  await context.close();
  return { ms, assets, requests: before.length + 1, names: before.map((r) => new URL(r.name).pathname) };
}

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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // Node itself (not npx) so that killing it stops the server.
  const server = spawn(process.execPath, ['--import', 'tsx', 'test/e2e/serve-api.ts'], {
    cwd: root,
    env: { ...process.env, E2E_API_PORT: String(port) },
    stdio: 'ignore',
  });
  await new Promise((resolve) => peerServer.listen(peerPort, '127.0.0.1', resolve));
  try {
    await waitForServer(`${ours}/frontegg/identity/resources/configurations/v1/public`);
    const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
    // One load of each first (not counted): the server's first answers and Chromium's own warm-up.
    await load(browser, 'ours', 1);
    await load(browser, 'hanko', 1);
    const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
    for (const rate of RATES) {
      const results = { ours: [], hanko: [] };
      for (let i = 0; i < RUNS; i += 1) {
        // Alternate which goes first, so neither always follows the other.
        for (const which of i % 2 ? ['hanko', 'ours'] : ['ours', 'hanko'])
          results[which].push(await load(browser, which, rate));
      }
      const ms = (which) => results[which].map((r) => r.ms);
      const [low, high] = bootstrapRatio(ms('ours'), ms('hanko'));
      const row = (which) =>
        `  ${which.padEnd(6)} ${median(ms(which)).toFixed(1).padStart(7)} ms  (min ${Math.min(...ms(which)).toFixed(0)}, max ${Math.max(...ms(which)).toFixed(0)})  JS+CSS ${kb(median(results[which].map((r) => r.assets)))}  requests before usable ${median(results[which].map((r) => r.requests))}`;
      console.log(`\n${rate}x CPU, ${RUNS} cold loads each, alternating: time to a usable email field`);
      console.log(row('hanko'));
      console.log(row('ours'));
      console.log(
        `  ratio ours/Hanko ${(median(ms('ours')) / median(ms('hanko'))).toFixed(3)} (95 % bootstrap interval ${low.toFixed(3)}-${high.toFixed(3)})`,
      );
      console.log(
        `  bytes ratio ${(median(results.ours.map((r) => r.assets)) / median(results.hanko.map((r) => r.assets))).toFixed(2)}, requests ratio ${(median(results.ours.map((r) => r.requests)) / median(results.hanko.map((r) => r.requests))).toFixed(2)}`,
      );
      console.log(
        `  ours, first load's requests before usable: /login.html ${results.ours[0].names.join(' ')}`,
      );
      console.log(
        `  Hanko, first load's requests before usable: /login.html ${results.hanko[0].names.join(' ')}`,
      );
    }
    await browser.close();
  } finally {
    peerServer.close();
    server.kill('SIGTERM');
  }
}
