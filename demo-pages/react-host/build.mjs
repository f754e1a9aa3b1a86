#!/usr/bin/env node
// The React host's own build: esbuild bundles app.tsx with the host's React (the package's
// dependency here) and `auth-elements/react` (resolved through the package's "exports", so the
// host gets dist/react/index.js, which imports React instead of bundling it). Run `npm run build`
// first: dist/react/ comes from it.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * Bundles app.tsx into `outdir`. `workingDir` and `alias` let another host (test/react19-host)
 * build the same app with its own React: aliased packages resolve from `workingDir`.
 */
export async function buildReactHost({ outdir = 'dist', workingDir = here, alias = undefined } = {}) {
  await build({
    absWorkingDir: workingDir,
    entryPoints: [fileURLToPath(new URL('app.tsx', import.meta.url))],
    outdir,
    alias,
    bundle: true,
    format: 'esm',
    splitting: true,
    minify: true,
    target: 'es2020',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    // The host's tsconfig-free setup: nothing of the kit's own compiler options leaks in.
    tsconfigRaw: { compilerOptions: { jsx: 'react-jsx' } },
    logLevel: 'warning',
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildReactHost();
