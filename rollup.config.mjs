// Builds the CDN layout: cdn/loader.js and cdn/<version>/<element>/index.js with shared chunks.
import { readdirSync, rmSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { dts } from 'rollup-plugin-dts';
import esbuild from 'rollup-plugin-esbuild';
import { localeCatalogues } from './scripts/i18n-compile.mjs';
import { onwarn } from './scripts/rollup-warnings.mjs';
import { prerenderLoginFrames } from './scripts/prerender-login.mjs';

/** Modules of the invitation screens that stay out of the shared chunk (the sign-in page never needs them). */
const INVITATION_MODULES = [
  '/core/api/invitations.ts',
  '/core/flows/invitation.ts',
  '/elements/i18n/invitations.ts',
];

/** The page kit's modules in elements/ui (the fields, buttons and Dialog stay shared: the login box uses them). */
const PAGE_KIT =
  /\/elements\/ui\/(DataTable|dataTableStyles|TableHead|Pagination|RowActions|Page|ItemList|Badge|Switch|Tabs|CopyField|ConfirmDialog|useConfirmAction|CheckList|InlineStatus|Skeleton|useListPage|formatDate|useSubmit)\.tsx?$/;

/**
 * A language's chunk (elements/i18n/language/<lang>.ts) holds its texts and the code that applies
 * them, so that a page in another language loads one file (docs/i18n.md "Chunks and sizes"). Rollup
 * puts a module in one chunk only, so that code is copied into each language's chunk: a module
 * imported from a language's files (its root, its catalogues, or a copy) that is part of the
 * applier gets the id `<file>~<lang>.<ext>`, loaded from the file itself. localize.ts keeps its state
 * on the English dictionary, which every copy shares.
 */
const APPLIER =
  /\/elements\/i18n\/(localize|languages|pseudo)\.ts$|\/node_modules\/(@messageformat\/runtime|make-plural)\//;
const COPY = /~([A-Za-z]+(?:-[A-Za-z]+)?)(\.m?[jt]s)$/;
const LANGUAGE_FILES = /\/elements\/i18n\/(?:language\/([\w-]+)\.ts$|locales\/([\w-]+)\/)/;
/** The language chunks by tag (elements/i18n/language/<tag>.ts), each emitted as `chunks/locale-<tag>.js`. */
const LANGUAGE_TAGS = readdirSync(new URL('./elements/i18n/language', import.meta.url)).map((f) =>
  f.replace(/\.ts$/, ''),
);
const LANGUAGE_CHUNK = new RegExp(`^locale-(${LANGUAGE_TAGS.join('|')})$`);
/**
 * The English page loads a language by one computed import of its chunk's stable name (within the
 * versioned folder), not by a loader per language: elements/i18n/language-chunks.ts is replaced
 * here, and each language's root is emitted as a chunk of its own (its exports kept as they are).
 */
const LANGUAGE_MODULE =
  /~[A-Za-z]+(?:-[A-Za-z]+)?\.m?[jt]s$|\/elements\/i18n\/language\/[\w-]+\.ts$|\/elements\/i18n\/locales\/[\w-]+\/(index\.ts|login\.json|mfa\.json|errors\.json)$/;
const LANGUAGE_LOADER = /\/elements\/i18n\/language-chunks\.ts$/;
const languageCopies = () => ({
  name: 'language-copies',
  buildStart() {
    for (const tag of LANGUAGE_TAGS)
      this.emitFile({
        type: 'chunk',
        id: fileURLToPath(new URL(`./elements/i18n/language/${tag}.ts`, import.meta.url)),
        name: `locale-${tag}`,
        preserveSignature: 'allow-extension',
      });
  },
  outputOptions(options) {
    const names = options.chunkFileNames;
    const manualChunks = options.manualChunks;
    return {
      ...options,
      // A language's modules are its emitted chunk's own (a manual chunk would leave a facade).
      manualChunks: (id, api) => (LANGUAGE_MODULE.test(id) ? undefined : manualChunks(id, api)),
      chunkFileNames: (chunk) =>
        LANGUAGE_CHUNK.test(chunk.name)
          ? 'chunks/[name].js'
          : typeof names === 'function'
            ? names(chunk)
            : names,
    };
  },
  renderDynamicImport({ moduleId, targetModuleId, chunk }) {
    if (targetModuleId !== null || !LANGUAGE_LOADER.test(moduleId)) return null;
    const chunks = posix.relative(posix.dirname(chunk.fileName), 'chunks') || '.';
    return { left: `import(\`${chunks}/locale-\${`, right: '}.js`)' };
  },
  async resolveId(source, importer, options) {
    const copy = importer && COPY.exec(importer);
    const files = importer && LANGUAGE_FILES.exec(importer);
    const language = copy?.[1] ?? files?.[1] ?? files?.[2];
    if (!language) return null;
    const from = copy ? importer.replace(COPY, '$2') : importer;
    const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
    if (!resolved || resolved.external || COPY.test(resolved.id) || !APPLIER.test(resolved.id))
      return resolved;
    return resolved.id.replace(/(\.m?[jt]s)$/, `~${language}$1`);
  },
  async load(id) {
    if (LANGUAGE_LOADER.test(id)) return 'export const loadLanguageChunk = (locale) => import(locale);\n';
    if (!COPY.test(id)) return null;
    const { readFile } = await import('node:fs/promises');
    return readFile(id.replace(COPY, '$2'), 'utf8');
  },
});

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

// Rollup does not clear its output folder: old hashed chunks would pile up.
rmSync(new URL('./cdn', import.meta.url), { recursive: true, force: true });
rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });

/**
 * The CDN bundles render with Preact's React compatibility layer instead of React and react-dom
 * (about 34 KB gzip less on every page; issue 26). The npm entries keep the host's React.
 */
const PREACT_FOR_REACT = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};
const preactForReact = () => ({
  name: 'preact-for-react',
  resolveId(source, importer, options) {
    const target = PREACT_FOR_REACT[source];
    return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
  },
});

const plugins = () => [
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  // `es2015`: rxjs's ES2015 build (its default is ES5 with tslib helpers, about 2 KB gzip more).
  nodeResolve({
    browser: true,
    exportConditions: ['es2015'],
    extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'],
  }),
  commonjs(),
  // The translations' ICU messages compiled to functions at build time (docs/i18n.md).
  localeCatalogues(),
  esbuild({
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: '@emotion/react',
    tsconfig: 'tsconfig.json',
  }),
  terser({ module: true, compress: { passes: 2 }, format: { comments: false } }),
  precompress(),
];

/** Writes .gz and .br beside every output file, so the server (or a CDN) sends them precompressed. */
const precompress = () => ({
  name: 'precompress',
  writeBundle(options, bundle) {
    for (const fileName of Object.keys(bundle)) {
      const path = join(options.dir, fileName);
      const content = readFileSync(path);
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  },
});

/**
 * The files each element bundle needs, recorded while the CDN bundles are written and handed to
 * the loader (built after them: rollup builds the configurations in order), which fetches them in
 * parallel instead of one round trip later: the chunks an entry imports statically, then the entry.
 * An entry whose code lives in a chunk (a facade: the login box's, see manualChunks) is left out:
 * the loader imports the chunk alone.
 */
const entryFiles = {};
const recordEntryFiles = () => ({
  name: 'record-entry-files',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      // The vanilla entry is a host's own script tag, not something the loader imports.
      if (
        chunk.type === 'chunk' &&
        chunk.isEntry &&
        chunk.fileName.endsWith('/index.js') &&
        chunk.fileName !== 'vanilla/index.js'
      ) {
        const facade = Object.keys(chunk.modules).length === 0;
        entryFiles[chunk.fileName.slice(0, -'/index.js'.length)] = facade
          ? chunk.imports
          : [...chunk.imports, chunk.fileName];
      }
    }
  },
});

/**
 * The login box's first frame for the reference server's sign-in page (scripts/prerender-login.mjs):
 * captured from the CDN bundles once they are all written (the loader's build is the last).
 */
const prerenderLogin = () => ({
  name: 'prerender-login',
  async writeBundle() {
    await prerenderLoginFrames(new URL('.', import.meta.url).pathname, version);
  },
});

/** React and react-dom stay the host's in the npm entries (peer dependencies). */
const isReact = (id) => /^react(-dom)?(\/|$)/.test(id);

/** The npm entries: the CDN plugins without the precompressed copies. */
const npmPlugins = () => plugins().filter((plugin) => plugin.name !== 'precompress');

/** Puts the 'use client' directive first in the entry chunk (after minification, which would drop it). */
const useClient = () => ({
  name: 'use-client',
  renderChunk(code, chunk) {
    return chunk.isEntry ? { code: `'use client';\n${code}`, map: null } : null;
  },
});

/** custom-elements.json from the same sources as the declarations (scripts/build-manifest.mjs). */
const manifest = () => ({
  name: 'custom-elements-manifest',
  generateBundle() {
    // `auth-elements/loader` (cdn/loader.js) exports nothing: importing it starts the loader.
    this.emitFile({
      type: 'asset',
      fileName: 'loader.d.ts',
      source:
        "/** The CDN loader: importing it watches the page for the kit's tags. It exports nothing. */\nexport {};\n",
    });
  },
  async writeBundle() {
    const { writeManifest } = await import('./scripts/build-manifest.mjs');
    writeManifest();
  },
});

export default [
  {
    input: {
      'login-box/index': 'elements/login-box/index.ts',
      'admin-portal/index': 'elements/admin-portal/index.ts',
      'checkout/index': 'elements/checkout/index.ts',
      // window.AuthElements.initialize() for vanilla hosts; shares the chunk with the elements.
      'vanilla/index': 'elements/vanilla/index.ts',
    },
    output: {
      dir: `cdn/${version}`,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      // One shared chunk (React, emotion, RTK, rxjs, core, UI kit) for every element of this version;
      // the demo backend stays its own chunk, fetched only in demo mode.
      manualChunks(id) {
        // The sign-in bundle in the shared chunk (login-box/index.js stays as a facade that imports
        // it): the sign-in page loads one file after loader.js instead of two. Pages of the other
        // elements carry its static code (about 4 KB gzip) and define the tag: nothing runs until a
        // page has an <auth-login-box>.
        if (id.endsWith('/elements/login-box/index.ts')) return 'shared';
        // Each language one chunk: its login box, MFA and error texts and its copy of the code that
        // applies them (languageCopies); its other catalogues load with their screens. localize.ts
        // itself, which the screens' English texts register with, is a chunk of its own. An English
        // sign-in page loads none of them (docs/i18n.md).
        const language =
          COPY.exec(id) ??
          /\/elements\/i18n\/language\/([\w-]+)\.ts$/.exec(id) ??
          /\/elements\/i18n\/locales\/([\w-]+)\/(index\.ts|login\.json|mfa\.json|errors\.json)$/.exec(id);
        if (language) return `locale-${language[1]}`;
        if (/\/elements\/i18n\/(localize|languages|pseudo)\.ts$/.test(id)) return 'localize';
        // The compiled catalogues' plural and number helpers go with them, never on the English page.
        if (id.includes('/node_modules/@messageformat/')) return 'localize';
        if (id.includes('/elements/i18n/locales/') || /\/elements\/i18n\/format(Money)?\.ts$/.test(id))
          return undefined;
        // The federated calls, the PKCE helpers and the second factor after a federated sign-in in
        // one chunk: hosted login and social login need the calls and the helpers (one request
        // instead of two after their own chunk), the social and SSO callbacks the calls and the MFA
        // hand-over; the SSO callback pays 0.4 KB gzip for the helpers. None is on the sign-in page.
        if (
          id.includes('/core/session/pkce') ||
          id.includes('/core/api/federated') ||
          id.endsWith('/core/store/auth/federatedThunks.ts')
        )
          return 'federated';
        // Forgot password, reset password and activation: the screens and their thunks in one chunk,
        // fetched from the "Forgot password?" link or an emailed link (one request, no waterfall), so
        // the sign-in page does not carry the thunks (about 0.4 KB gzip). A manual chunk takes in the
        // modules it imports that no other manual chunk claims, so what the sign-in page also uses
        // (validation, the password policy hook) is claimed by the shared chunk, and the new-password
        // form (also the accept-invitation screen's) keeps a chunk of its own.
        if (
          /\/core\/store\/auth\/recoveryThunks\.ts$|\/elements\/login-box\/steps\/(ForgotPassword|ResetPassword|Activate)Step\.tsx$/.test(
            id,
          )
        )
          return 'recovery';
        if (/\/elements\/login-box\/(validation|steps\/usePasswordMinLength)\.ts$/.test(id)) return 'shared';
        if (/\/elements\/login-box\/(steps\/NewPasswordForm\.tsx|newPasswordValidation\.ts)$/.test(id))
          return 'NewPasswordForm';
        // The one-field form of the recovery and passwordless screens: their chunks share it.
        if (id.endsWith('/elements/login-box/steps/OneFieldForm.tsx')) return 'OneFieldForm';
        // Demo backend and portal-only logic stay out of the shared chunk: pages without them never pay.
        // Hosted login, social login and SSO load only when used.
        // The server's error catalogue too: the kit needs only its codes' type; the demo backend uses it.
        // The contract module's schemas, validator and answers are the demo backend's (the kit's
        // pages use only its permission rule, which stays shared).
        // The shared rules (core/domain) run in the kit only in demo mode: the demo backend's chunk.
        if (
          id.includes('/core/demo/') ||
          id.includes('/core/domain/') ||
          (id.includes('/core/contract/') && !id.endsWith('/core/contract/permissions.ts')) ||
          id.endsWith('/core/api/errorCodes.ts') ||
          id.includes('/core/portal/') ||
          /\/core\/api\/(securityPolicies|team|accountSettings|sessions|audits|connectivity|billing|accountMfa|securityCenter|signInMethods|directory|ssoConfig)\.ts$/.test(
            id,
          ) ||
          // Billing (the checkout dialog and the subscriptions page): its calls, card checks and texts.
          id.includes('/core/billing/') ||
          id.endsWith('/elements/i18n/en-billing.ts') ||
          id.includes('/core/tenants/') ||
          id.includes('/elements/i18n/portalAdmin.') ||
          id.includes('/elements/i18n/portalConnectivity.') ||
          id.includes('/elements/i18n/portalSso.') ||
          id.endsWith('/elements/i18n/provisioning.en.ts') ||
          /\/elements\/i18n\/en-portal(-[a-z]+)?\.ts$/.test(id) ||
          id.endsWith('/elements/i18n/securityCenter.en.ts') ||
          id.endsWith('/elements/i18n/auditStreams.en.ts') ||
          id.endsWith('/elements/i18n/portalLanguage.en.ts') ||
          id.includes('/core/session/hostedLogin') ||
          id.includes('/core/social/') ||
          id.includes('/core/sso/') ||
          // The captcha hook: loaded only when a host gives a captcha provider.
          id.endsWith('/core/captcha.ts')
        )
          return undefined;
        // Passwordless sign-in (thunks, API, decisions) is reached only through dynamic import():
        // it goes with the passwordless screens' chunk.
        if (/\/core\/[^]*passwordless[^/]*\.ts$/i.test(id)) return undefined;
        // MFA and passkeys (and the WebAuthn, TOTP and QR libraries) load with their screens only.
        if (
          /\/node_modules\/(@simplewebauthn|otplib|@otplib|@noble|@scure|qrcode|dijkstrajs|pngjs|encode-utf8)\//.test(
            id,
          ) ||
          id.endsWith('/elements/i18n/en-mfa.ts') ||
          /\/core\/(api\/mfa|flows\/mfa|store\/auth\/passkey(Thunks|Prompt))\.ts$/.test(id)
        )
          return undefined;
        // Code of lazily loaded login-box screens only (impersonation, logout route, quick login),
        // and the host API's login/logout helpers (the vanilla entry's alone): not on the sign-in page.
        if (
          /\/core\/(store\/auth\/sessionThunks|flows\/sessionRoutes|session\/loginWithRedirect)\.ts$/.test(id)
        )
          return undefined;
        // Invitations: used only by lazily loaded screens (users page, accept invitation, invite-link sign-up).
        if (INVITATION_MODULES.some((path) => id.includes(path))) return undefined;
        // The portal's page kit (tables, menus, page frame, list hook): one chunk the portal loads with
        // its shell, never on the sign-in or checkout page.
        if (PAGE_KIT.test(id)) return 'page-kit';
        // The modal dialog (focus trap, inert background): the portal's and the checkout's, never the
        // sign-in page's (about 1.5 KB gzip off it).
        if (id.endsWith('/elements/ui/Dialog.tsx')) return 'dialog';
        if (
          id.includes('/node_modules/') ||
          id.includes('/core/') ||
          id.includes('/elements/shared/') ||
          id.includes('/elements/ui/') ||
          id.includes('/elements/theme/') ||
          id.includes('/elements/i18n/')
        )
          return 'shared';
        return undefined;
      },
    },
    plugins: [languageCopies(), preactForReact(), ...plugins(), recordEntryFiles()],
    // @emotion/react imports hoist-non-react-statics (with react-is) for its side effects only;
    // its withTheme, which uses them, is not used here: about 2 KB gzip off every page.
    treeshake: {
      moduleSideEffects: (id) => !/\/node_modules\/(hoist-non-react-statics|react-is)\//.test(id),
    },
    onwarn,
  },
  // The React entry (`auth-elements/react`): one ES module for the host's bundler. React stays the
  // host's (peer dependency, external here): a React host never downloads a second React. It starts
  // with 'use client', so a Next.js server component can import it (the components render on the client).
  {
    input: { 'react/index': 'elements/react/index.ts' },
    external: isReact,
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'react/[name]-[hash].js',
    },
    plugins: [...npmPlugins(), useClient()],
    onwarn,
  },
  // The vanilla entry for bundlers (`auth-elements/vanilla`): the vanilla API and the elements,
  // defined on import, with the host's React (peer dependency). Its own folder, which package.json
  // lists under sideEffects.
  {
    input: { 'vanilla/index': 'elements/vanilla/bundler.ts' },
    external: isReact,
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'vanilla/[name]-[hash].js',
    },
    plugins: npmPlugins(),
    onwarn,
  },
  // The package's type declarations, one file per entry and one shared file (the element types and
  // the HTMLElementTagNameMap entries are declared once, whichever entries a host imports).
  {
    input: { react: 'elements/react/index.ts', vanilla: 'elements/vanilla/bundler.ts' },
    output: {
      dir: 'dist/types',
      format: 'es',
      entryFileNames: '[name].d.ts',
      chunkFileNames: '[name].d.ts',
      // What both entries use in one file; the React entry's own typings (JSX, React types) stay in
      // react.d.ts, so the vanilla entry's declarations never import React's.
      manualChunks: (id) => (id.includes('/elements/react/') ? undefined : 'shared'),
    },
    plugins: [dts({ tsconfig: 'tsconfig.types.json' }), manifest()],
  },
  {
    input: 'elements/loader/loader.ts',
    output: {
      dir: 'cdn',
      format: 'es',
      entryFileNames: 'loader.js',
      chunkFileNames: `${version}/loader/[name]-[hash].js`,
    },
    plugins: [
      replace({
        preventAssignment: true,
        values: { __AE_ENTRY_FILES__: () => JSON.stringify(entryFiles) },
      }),
      ...plugins(),
      prerenderLogin(),
    ],
    onwarn,
  },
];
