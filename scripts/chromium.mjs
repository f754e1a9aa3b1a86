// Which Chromium the browser tests, the end-to-end tests and the benchmark launch:
// CHROMIUM_PATH if set, else Debian's /usr/bin/chromium when present, else Playwright's own browser.
import { existsSync } from 'node:fs';

export function chromiumExecutable() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser'])
    if (existsSync(candidate)) return candidate;
  return undefined;
}

/** Flags that work as root in a sandbox without network (see ../shared/TOOLCHAIN.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const chromiumLaunchOptions = () => ({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
