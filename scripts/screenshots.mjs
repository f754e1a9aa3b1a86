#!/usr/bin/env node
// Screenshots of every login-box screen and every portal page at 375, 768 and 1280 px, light and
// dark, in demo mode (no server): the same screens as test/e2e/layout.spec.ts, for a person to look
// at. Not part of `npm test`. Build first (`npm run build`).
//   node scripts/screenshots.mjs [folder]   (default: screenshots/; STATIC_PORT to change the port)
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';
import {
  LOGIN_SCREENS,
  PORTAL_PAGES,
  THEMES,
  WIDTHS,
  openDemo,
  openPortalPage,
} from '../test/e2e/screens.mjs';

const out = resolve(process.argv[2] ?? 'screenshots');
const only = process.env.ONLY; // e.g. ONLY=users to shoot one screen
const port = Number(process.env.STATIC_PORT ?? 8698);
const origin = `http://127.0.0.1:${port}`;
mkdirSync(out, { recursive: true });

const server = spawn(process.execPath, ['test/e2e/static-server.mjs'], {
  env: { ...process.env, E2E_STATIC_PORT: String(port) },
  stdio: 'ignore',
});
await new Promise((r) => setTimeout(r, 500));
const browser = await chromium.launch(chromiumLaunchOptions());
let count = 0;
try {
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      const page = await browser.newPage();
      await openDemo(page, origin, width, theme);
      const shoot = async (name) => {
        if (only && !name.includes(only)) return;
        await page.screenshot({ path: join(out, `${name}-${width}-${theme}.png`), fullPage: true });
        count += 1;
      };
      for (const [name, step] of LOGIN_SCREENS) {
        await step(page);
        await shoot(`login-${name}`);
      }
      for (const [id, title] of PORTAL_PAGES) {
        await openPortalPage(page, id, title);
        await shoot(`portal-${id}`);
      }
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.kill();
}
console.log(`${count} screenshots in ${out}`);
