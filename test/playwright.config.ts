import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

export const API_ORIGIN = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 8787}`;
export const STATIC_ORIGIN = `http://127.0.0.1:${process.env.E2E_STATIC_PORT ?? 8788}`;

/**
 * End-to-end tests in real Chromium against the real server (fresh database) and a plain static host.
 * Two projects run side by side, one test at a time each: `server`, the tests that share the one
 * server and its settings (and the fixed ports of the identity providers some of them start), and
 * `static`, the tests tagged @static that need only the static host (demo mode: the data lives in
 * each test's own browser context), so they cannot disturb each other. Each project runs a file's
 * hooks: a file whose beforeAll starts something on a fixed port has no @static test.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'server', grepInvert: /@static/, workers: 1 },
    { name: 'static', grep: /@static/, workers: 1 },
  ],
  retries: 0,
  timeout: 30_000,
  // The whole run may not hold CI (90 minutes) hostage.
  globalTimeout: 20 * 60_000,
  reporter: [['list']],
  use: {
    baseURL: API_ORIGIN,
    launchOptions: chromiumLaunchOptions(),
    trace: 'off',
  },
  webServer: [
    {
      command: 'npx tsx test/e2e/serve-api.ts',
      url: `${API_ORIGIN}/frontegg/identity/resources/configurations/v1/public`,
      cwd: '..',
      reuseExistingServer: false,
      // Compiling and seeding takes ~15 s of CPU; a busy machine stretches it past a minute. Ready is
      // polled, so a quiet machine never waits for the rest.
      timeout: 180_000,
      stdout: 'pipe',
    },
    {
      command: 'node test/e2e/static-server.mjs',
      url: `${STATIC_ORIGIN}/demo.html`,
      cwd: '..',
      reuseExistingServer: false,
      timeout: 20_000,
    },
  ],
});
