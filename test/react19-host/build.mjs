#!/usr/bin/env node
// Builds the React host demo app (demo-pages/react-host/app.tsx) against React 19 from this
// folder's own node_modules, into demo-pages/react-host/dist19/. The kit's React entry
// (dist/react/index.js, from `npm run build`) imports react, react-dom and their subpaths; the
// aliases point every one of them, wherever imported from, at React 19, as a React 19 host's
// bundler would. test/e2e/host-react.spec.ts loads the result.
import { fileURLToPath } from 'node:url';
import { buildReactHost } from '../../demo-pages/react-host/build.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));

export async function buildReact19Host() {
  await buildReactHost({
    // Aliased paths resolve from the working directory: this folder, whose node_modules has React 19.
    workingDir: here,
    alias: { react: './node_modules/react', 'react-dom': './node_modules/react-dom' },
    outdir: fileURLToPath(new URL('../../demo-pages/react-host/dist19', import.meta.url)),
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildReact19Host();
