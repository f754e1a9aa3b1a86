// Browser tests (`*.browser.test.tsx` beside the code) in real Chromium. Each test file is bundled
// with esbuild on request: React is CommonJS and the dev server serves files one by one, so a bundle
// per test file gives one React instance and working named imports (see ../shared/TOOLCHAIN.md).
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';
import { LOCALE_FILE, compileCatalogue } from './scripts/i18n-compile.mjs';

const root = process.cwd();

/** The translations' catalogues compiled as the build compiles them (scripts/i18n-compile.mjs). */
const localeCatalogues = {
  name: 'locale-catalogues',
  setup(build) {
    build.onLoad({ filter: LOCALE_FILE }, async (args) => ({
      contents: compileCatalogue(await readFile(args.path, 'utf8'), LOCALE_FILE.exec(args.path)[1]),
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};

const bundleTestFiles = {
  name: 'bundle-test-files',
  async serve(context) {
    if (!/\.browser\.test\.tsx?$/.test(context.path)) return undefined;
    const started = performance.now();
    const result = await esbuild.build({
      entryPoints: [resolve(root, `.${context.path}`)],
      bundle: true,
      write: false,
      format: 'esm',
      target: 'es2022',
      jsx: 'automatic',
      jsxImportSource: '@emotion/react',
      define: { 'process.env.NODE_ENV': '"development"' },
      external: ['@web/test-runner-commands'],
      sourcemap: 'inline',
      logLevel: 'silent',
      plugins: [localeCatalogues],
    });
    // A test file's page waits for its bundle: say so in the run's log when bundling was slow, so a
    // file that runs out of time can be told from one whose bundle came late.
    const seconds = (performance.now() - started) / 1000;
    if (seconds > 20) console.warn(`bundling ${context.path} took ${seconds.toFixed(0)} s`);
    return { body: result.outputFiles[0].text, type: 'js' };
  },
};

export default {
  rootDir: root,
  files: ['elements/**/*.browser.test.tsx'],
  nodeResolve: true,
  plugins: [bundleTestFiles],
  browsers: [playwrightLauncher({ product: 'chromium', launchOptions: chromiumLaunchOptions() })],
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  // A file's whole run, bundling included. Above every file's sum of mocha timeouts, so a test that
  // hangs is reported by mocha, by name, instead of the file ending without results.
  testsFinishTimeout: 300000,
};
