#!/usr/bin/env node
/**
 * The server package's JavaScript (server/dist/main.js), run by `npm pack` in server/ (prepack) and
 * the consumer tests: esbuild bundles server/main.ts with the few modules of core/ it shares with
 * the kit (permission keys, entitlement decisions, the admin-box metadata rules), and leaves every
 * npm package external: they are the server package's own dependencies (server/package.json).
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = new URL('../server/', import.meta.url);
rmSync(new URL('dist', server), { recursive: true, force: true });
await build({
  entryPoints: [fileURLToPath(new URL('main.ts', server))],
  outfile: fileURLToPath(new URL('dist/main.js', server)),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
});
