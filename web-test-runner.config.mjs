// Browser tests (`*.browser.test.tsx` beside the code) in real Chromium. Each test file is bundled
// with esbuild on request: React is CommonJS and the dev server serves files one by one, so a bundle
// per test file gives one React instance and working named imports (see ../shared/TOOLCHAIN.md).
import { resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

const root = process.cwd();

const bundleTestFiles = {
  name: 'bundle-test-files',
  async serve(context) {
    if (!/\.browser\.test\.tsx?$/.test(context.path)) return undefined;
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
    });
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
  testsFinishTimeout: 120000,
};
