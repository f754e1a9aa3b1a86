#!/usr/bin/env node
/**
 * The consumer tests (`npm test` runs them after the build): the two packages as an integrator gets
 * them from npm.
 *
 * 1. Packs the kit and the server (`npm pack`, the server's prepack bundles server/dist/main.js);
 *    the kit's tarball may hold only what a consumer needs; publint and arethetypeswrong must find
 *    no problem in it.
 * 2. Installs the kit's tarball into the apps of test/consumers/ (copied to .consumers/<app>, each
 *    with its locked registry dependencies installed by `npm ci`): Vite + React 19 + TypeScript
 *    (the template's tsconfig, plus its declarations checked with skipLibCheck false); Next.js App
 *    Router (a server-component page importing the React entry); a vanilla app bundled by Vite
 *    (`import 'auth-elements/vanilla'`, node16 resolution, skipLibCheck false); a plain HTML page
 *    loading the CDN files from another origin. Each is type-checked and built, served, and signed in
 *    with demo mode in Chromium, with no console error or warning.
 * 3. Installs the server's tarball into an empty folder (no engine warning) and starts it with its
 *    command; the seeded admin signs in over HTTP.
 *
 * Cached in .consumers/ (ignored by git): an app's `npm ci` runs again only when its lockfile
 * changed, the kit is reinstalled only when its tarball changed, the server only when its own did.
 * Prints `ok`/`not ok` per check and the closing `N passed, N failed` line.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from './chromium.mjs';

const ROOT = resolve(new URL('..', import.meta.url).pathname);
const WORK = join(ROOT, '.consumers');
const PACKS = join(WORK, 'packs');
const DEMO = { email: 'demo@auth-elements.dev', password: 'demo-password' };
const SEED = { email: 'admin@example.com', password: 'Admin-demo-2026' };
const only = process.argv.slice(2);

let passed = 0;
let failed = 0;
const figures = [];
const started = Date.now();

async function check(name, body) {
  const t0 = Date.now();
  try {
    await body();
    passed += 1;
    console.log(`ok - ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failed += 1;
    console.log(`not ok - ${name}\n${String(error?.stack ?? error).replace(/^/gm, '    ')}`);
  }
}

/** Runs a command; rejects with its output when it fails. */
function run(command, args, { cwd = ROOT, env = {}, quiet = true, json = false } = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let stdout = '';
    const collect = (chunk) => {
      output += chunk;
      if (!quiet) process.stdout.write(chunk);
    };
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      collect(chunk);
    });
    child.stderr.on('data', collect);
    child.on('close', (code) =>
      code === 0
        ? resolvePromise(json ? JSON.parse(stdout) : output)
        : reject(
            new Error(`${command} ${args.join(' ')} (in ${cwd}) exited ${code}\n${output.slice(-6000)}`),
          ),
    );
  });
}

const npm = (args, options) => run('npm', ['--no-audit', '--no-fund', ...args], options);
const hashOf = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');
const readText = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

// npm 11 warns about this machine's own npmrc key (as a user config, or as an env config when npm
// runs under `npm test`); it is no finding about the packages.
const warningsIn = (output) =>
  output
    .split('\n')
    .filter((line) => /npm warn/i.test(line) && !/Unknown (user|env) config "nodedir"/.test(line));

function duBytes(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.size;
  return readdirSync(path).reduce((sum, entry) => sum + duBytes(join(path, entry)), 0);
}

// ---------------------------------------------------------------------------------------------
// Static servers and the browser
// ---------------------------------------------------------------------------------------------

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

/** Serves `dir` on 127.0.0.1 at a free port; `cors` for the CDN origin; `transform` edits HTML. */
function serveStatic(dir, { cors = false, transform = (html) => html, fallback = 'index.html' } = {}) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    let file = resolve(dir, `.${path}`);
    if (!file.startsWith(dir)) return response.writeHead(403).end();
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(dir, fallback);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const headers = { 'content-type': type };
    if (cors) headers['access-control-allow-origin'] = '*';
    const body = type === 'text/html' ? transform(readFileSync(file, 'utf8')) : readFileSync(file);
    response.writeHead(200, headers).end(body);
  });
  return new Promise((resolvePromise) =>
    server.listen(0, '127.0.0.1', () =>
      resolvePromise({ url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() }),
    ),
  );
}

function freePort() {
  return new Promise((resolvePromise) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePromise(port));
    });
  });
}

/** Starts a long-running command and resolves once its output matches `ready`. */
function startProcess(command, args, { cwd, env = {}, ready, timeoutMs = 60_000 }) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, FORCE_COLOR: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    const stop = () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${command} ${args.join(' ')} did not start in ${timeoutMs} ms\n${output}`));
    }, timeoutMs);
    const onData = (chunk) => {
      output += chunk;
      if (ready.test(output)) {
        clearTimeout(timer);
        resolvePromise({ output: () => output, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited ${code} before it was ready\n${output}`));
    });
  });
}

let browser;
async function signInWithDemo(url, { expectHeading }) {
  browser ??= await chromium.launch(chromiumLaunchOptions());
  const page = await browser.newPage();
  const problems = [];
  page.on('console', (message) => {
    const where = message.location().url;
    // The browser's own request for a favicon the test app does not have is not the kit's.
    if (where.endsWith('/favicon.ico')) return;
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()} (${where})`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  try {
    await page.goto(url);
    // The host's own content shows (at "/", the default authenticated URL).
    await page.getByRole('heading', { name: expectHeading }).waitFor({ timeout: 30_000 });
    const box = page.locator('[data-auth-element="login-box"], auth-login-box').first();
    await box.locator('[part~="email-input"]').fill(DEMO.email, { timeout: 30_000 });
    await box.locator('[part~="submit-button"]').click();
    await box.locator('[part~="password-input"]').fill(DEMO.password);
    await box.locator('[part~="submit-button"]').click();
    await page
      .locator('#host-status', { hasText: `Signed in as ${DEMO.email}` })
      .waitFor({ timeout: 30_000 });
    assert(problems.length === 0, `console errors or warnings:\n${problems.join('\n')}`);
  } finally {
    await page.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Packing
// ---------------------------------------------------------------------------------------------

/** What a consumer of the kit needs: the CDN files, the npm entries and types, the manifest. */
const KIT_FILES =
  /^(package\.json|README\.md|custom-elements\.json|cdn\/.+\.js|dist\/(react|vanilla)\/.+\.js|dist\/types\/[^/]+\.d\.ts)$/;

let kitTarball;
let serverTarball;

async function pack() {
  mkdirSync(PACKS, { recursive: true });
  await check('the kit packs only what a consumer needs', async () => {
    assert(existsSync(join(ROOT, 'dist/react/index.js')), 'build first (npm run build)');
    const listing = await npm(['pack', '--json', '--pack-destination', PACKS], { json: true });
    const [{ filename, files, size, unpackedSize }] = listing;
    kitTarball = join(PACKS, filename);
    const extra = files.map((f) => f.path).filter((path) => !KIT_FILES.test(path));
    assert(extra.length === 0, `files a consumer does not need: ${extra.join(', ')}`);
    for (const needed of [
      'dist/react/index.js',
      'dist/vanilla/index.js',
      'dist/types/react.d.ts',
      'dist/types/vanilla.d.ts',
      'cdn/loader.js',
      'custom-elements.json',
    ])
      assert(
        files.some((f) => f.path === needed),
        `${needed} is missing from the tarball`,
      );
    assert(
      readText(join(ROOT, 'dist/react/index.js')).startsWith("'use client';"),
      "the React entry must start with 'use client'",
    );
    figures.push(
      `kit tarball: ${(size / 1024).toFixed(1)} KiB, ${files.length} files, ${(unpackedSize / 1024).toFixed(0)} KiB unpacked`,
    );
  });
  await check('the server packs (prepack bundles dist/main.js)', async () => {
    const listing = await npm(['pack', '--json', '-w', 'server', '--pack-destination', PACKS], {
      json: true,
    });
    const [{ filename, files, size }] = listing;
    serverTarball = join(PACKS, filename);
    const paths = files.map((f) => f.path).sort();
    for (const needed of ['dist/main.js', 'Dockerfile', 'README.md', 'package.json'])
      assert(paths.includes(needed), `${needed} is missing from the server tarball: ${paths.join(', ')}`);
    figures.push(`server tarball: ${(size / 1024).toFixed(1)} KiB, ${files.length} files`);
  });
  await check('publint finds no problem in the kit', async () => {
    const output = await run('npx', ['publint', '--strict', 'run', ROOT]);
    assert(/All good/.test(output), output);
  });
  await check(
    'arethetypeswrong finds no problem in the kit (ESM only: node16 from ESM, bundler)',
    async () => {
      await run('npx', ['attw', kitTarball, '--profile', 'esm-only', '--format', 'ascii']);
    },
  );
}

// ---------------------------------------------------------------------------------------------
// The apps
// ---------------------------------------------------------------------------------------------

/** Copies test/consumers/<app> to .consumers/<app> and installs its locked dependencies and the kit. */
async function installApp(app) {
  const source = join(ROOT, 'test/consumers', app);
  const dir = join(WORK, app);
  mkdirSync(dir, { recursive: true });
  // The app's files as committed (what a build left, e.g. dist/ or .next/, goes too); node_modules stays.
  for (const entry of readdirSync(dir))
    if (entry !== 'node_modules') rmSync(join(dir, entry), { recursive: true, force: true });
  for (const entry of readdirSync(source)) cpSync(join(source, entry), join(dir, entry), { recursive: true });
  const lockHash = hashOf(join(source, 'package-lock.json'));
  const stamp = join(dir, 'node_modules/.consumer-stamp.json');
  const previous = existsSync(stamp) ? JSON.parse(readFileSync(stamp, 'utf8')) : {};
  if (previous.lock !== lockHash) {
    // The app's own dependencies, exactly as locked, from the npm registry.
    await npm(['ci'], { cwd: dir });
    previous.kit = undefined;
  }
  const kitHash = hashOf(kitTarball);
  let added = null;
  if (previous.kit !== kitHash) {
    rmSync(join(dir, 'node_modules/auth-elements'), { recursive: true, force: true });
    const output = await npm(['install', '--no-save', '--no-package-lock', kitTarball], { cwd: dir });
    const warnings = warningsIn(output);
    assert(warnings.length === 0, `npm warned while installing the kit:\n${warnings.join('\n')}`);
    added = output.match(/added (\d+) packages?/)?.[1] ?? '0';
  }
  writeFileSync(stamp, JSON.stringify({ lock: lockHash, kit: kitHash }));
  return { dir, added };
}

async function viteReact() {
  let dir;
  await check('Vite + React 19 app: installs the kit (React stays the app’s own)', async () => {
    const installed = await installApp('vite-react');
    dir = installed.dir;
    if (installed.added !== null)
      figures.push(
        `install into the Vite app: ${installed.added === '1' ? 'the kit alone' : `${installed.added} packages`} (${(duBytes(join(dir, 'node_modules/auth-elements')) / 1024).toFixed(0)} KiB on disk)`,
      );
    const reacts = readdirSync(join(dir, 'node_modules/auth-elements')).includes('node_modules');
    assert(!reacts, 'the kit brought its own node_modules (a second React?)');
  });
  if (!dir) return;
  await check('Vite + React 19 app: tsc -b and vite build (the template’s tsconfig)', async () => {
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
    await npm(['run', 'build'], { cwd: dir });
    const gzip = readdirSync(join(dir, 'dist/assets'))
      .filter((f) => f.endsWith('.js'))
      .reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, 'dist/assets', f)), { level: 9 }).length, 0);
    figures.push(`Vite app's JavaScript: ${(gzip / 1024).toFixed(1)} KiB gzip, all chunks`);
  });
  await check('Vite + React 19 app: the kit’s declarations type-check with skipLibCheck false', () =>
    npm(['run', 'typecheck:libs'], { cwd: dir }),
  );
  await check('Vite + React 19 app: the app shows at / and signs in with demo mode', async () => {
    const site = await serveStatic(join(dir, 'dist'));
    try {
      await signInWithDemo(`${site.url}/`, { expectHeading: 'Vite host' });
    } finally {
      site.close();
    }
  });
}

async function nextApp() {
  let dir;
  await check('Next.js app: installs the kit', async () => {
    dir = (await installApp('next-app')).dir;
  });
  if (!dir) return;
  await check('Next.js app: next build (a server-component page imports auth-elements/react)', async () => {
    await npm(['run', 'build'], { cwd: dir, env: { NEXT_TELEMETRY_DISABLED: '1' } });
  });
  await check('Next.js app: next start, the page renders and signs in with demo mode', async () => {
    const port = await freePort();
    const server = await startProcess('npx', ['next', 'start', '-H', '127.0.0.1', '-p', String(port)], {
      cwd: dir,
      env: { NEXT_TELEMETRY_DISABLED: '1' },
      ready: /Ready in|started server|Local:/i,
    });
    try {
      // Server-rendered first: the host's heading is in the HTML before any script runs.
      const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
      assert(html.includes('Next.js host'), 'the server-rendered page lacks the host’s content');
      await signInWithDemo(`http://127.0.0.1:${port}/`, { expectHeading: 'Next.js host' });
    } finally {
      server.stop();
    }
  });
}

async function vanillaApp() {
  let dir;
  await check('vanilla Vite app: installs the kit', async () => {
    dir = (await installApp('vanilla-vite')).dir;
  });
  if (!dir) return;
  await check('vanilla Vite app: tsc (node16, skipLibCheck false) and vite build', async () => {
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
    await npm(['run', 'build'], { cwd: dir });
    const js = readdirSync(join(dir, 'dist/assets')).filter((f) => f.endsWith('.js'));
    const code = js.map((f) => readFileSync(join(dir, 'dist/assets', f), 'utf8')).join('\n');
    assert(code.includes('auth-login-box'), '`import "auth-elements/vanilla"` was tree-shaken away');
  });
  await check('vanilla Vite app: the element is defined and signs in with demo mode', async () => {
    const site = await serveStatic(join(dir, 'dist'));
    try {
      await signInWithDemo(`${site.url}/`, { expectHeading: 'Vanilla bundler host' });
    } finally {
      site.close();
    }
  });
  await check('plain HTML page: the CDN files from another origin sign in with demo mode', async () => {
    const cdn = await serveStatic(join(dir, 'node_modules/auth-elements/cdn'), { cors: true });
    const page = await serveStatic(join(ROOT, 'test/consumers/cdn-html'), {
      transform: (html) => html.replaceAll('%CDN%', cdn.url),
    });
    try {
      await signInWithDemo(`${page.url}/`, { expectHeading: 'Plain HTML host' });
    } finally {
      page.close();
      cdn.close();
    }
  });
}

async function serverPackage() {
  const dir = join(WORK, 'server-app');
  await check('server package: installs into an empty folder without engine warnings', async () => {
    const stamp = join(dir, 'node_modules/.consumer-stamp');
    const hash = hashOf(serverTarball);
    if (readText(stamp) === hash) return;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{ "name": "server-app", "private": true }\n');
    const output = await npm(['install', serverTarball], { cwd: dir });
    const warnings = warningsIn(output);
    assert(warnings.length === 0, `npm warned:\n${warnings.join('\n')}`);
    figures.push(
      `server install: ${output.match(/added (\d+) packages?/)?.[1]} packages, ${(duBytes(join(dir, 'node_modules')) / 1048576).toFixed(0)} MiB`,
    );
    writeFileSync(stamp, hash);
  });
  await check(
    'server package: `npx auth-elements-server --dev` starts and the seeded admin signs in',
    async () => {
      const port = await freePort();
      const data = join(tmpdir(), `auth-elements-server-${process.pid}`);
      const server = await startProcess('npx', ['auth-elements-server', '--dev'], {
        cwd: dir,
        env: { PORT: String(port), DATA_DIR: data },
        ready: /API base/,
      });
      try {
        const base = `http://127.0.0.1:${port}`;
        const jwks = await fetch(`${base}/.well-known/jwks.json`);
        assert(jwks.ok, `JWKS answered ${jwks.status}`);
        const signIn = await fetch(`${base}/frontegg/identity/resources/auth/v1/user`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base },
          body: JSON.stringify(SEED),
        });
        const body = await signIn.json();
        assert(
          signIn.ok && typeof body.accessToken === 'string',
          `sign-in answered ${signIn.status} ${JSON.stringify(body)}`,
        );
      } finally {
        server.stop();
        rmSync(data, { recursive: true, force: true });
      }
    },
  );
}

try {
  await pack();
  if (kitTarball) {
    if (!only.length || only.includes('vite')) await viteReact();
    if (!only.length || only.includes('next')) await nextApp();
    if (!only.length || only.includes('vanilla')) await vanillaApp();
  }
  if (serverTarball && (!only.length || only.includes('server'))) await serverPackage();
} finally {
  await browser?.close();
}
console.log(`\n${figures.join('\n')}`);
console.log(`consumers: ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
