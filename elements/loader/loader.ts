import { ASSETS_VERSION } from '../../core/version';
import { BUNDLES, RESERVED_SIZE, TAGS, type AuthTag } from './bundles';

/**
 * The bootstrap loader: finds the kit's tags anywhere in the document (also ones added later),
 * shows a loading marker until the element is defined, and imports each bundle once, relative to
 * this file's own URL. A second copy of the loader on the page does nothing.
 */
/**
 * The chunks each element bundle imports statically (`login-box` -> `['chunks/shared-<hash>.js']`),
 * written in by the build (rollup.config.mjs). The loader fetches them together with the bundle:
 * otherwise the browser finds them only once the bundle has arrived and been parsed, one round trip
 * later on every cold load.
 */
declare const __AE_ENTRY_IMPORTS__: Record<string, readonly string[]> | undefined;
const ENTRY_IMPORTS: Record<string, readonly string[]> =
  typeof __AE_ENTRY_IMPORTS__ === 'undefined' ? {} : __AE_ENTRY_IMPORTS__;

const LOADER_KEY = Symbol.for(`auth-elements.loader@${ASSETS_VERSION}`);
type Scope = typeof globalThis & { [LOADER_KEY]?: { load: (tag: AuthTag) => Promise<unknown> } };

function startLoader() {
  const scope = globalThis as Scope;
  if (scope[LOADER_KEY] || typeof document === 'undefined') return;

  const versionBase = new URL(`./${ASSETS_VERSION}/`, import.meta.url);
  const imports = new Map<AuthTag, Promise<unknown>>();
  // The marker chunk is fetched with the first tag, never before: a page without tags loads nothing.
  let markers: Promise<typeof import('./marker')> | undefined;
  const selector = TAGS.join(',');

  let attempts = 0;
  function load(tag: AuthTag): Promise<unknown> {
    let pending = imports.get(tag);
    if (!pending) {
      // A computed URL, kept out of the bundle on purpose: the element bundles are separate files.
      // A retry asks for a fresh URL: the browser keeps a failed module import failed for its URL.
      const url = new URL(`${BUNDLES[tag]}/index.js${attempts ? `?retry=${attempts}` : ''}`, versionBase)
        .href;
      // Its chunks in parallel (the same URLs the bundle imports, so each is fetched and run once).
      // A failure here fails the bundle's own import too, which reports it.
      for (const chunk of ENTRY_IMPORTS[BUNDLES[tag]] ?? [])
        import(/* webpackIgnore: true */ new URL(chunk, versionBase).href).catch(() => {});
      pending = import(/* webpackIgnore: true */ url);
      imports.set(tag, pending);
      // Script load failure is logged and rejected (spec 000 §1); a tag added later tries again.
      pending.catch(() => imports.delete(tag));
    }
    return pending;
  }

  function upgrade(element: HTMLElement) {
    const tag = element.localName as AuthTag;
    if (customElements.get(tag) || element.hasAttribute('data-auth-elements-seen')) return;
    element.setAttribute('data-auth-elements-seen', '');
    markers ??= import('./marker');
    const attempt = () => {
      void markers!.then((m) => {
        if (!customElements.get(tag)) m.renderLoading(element, RESERVED_SIZE[tag]);
      });
      load(tag).catch((error: unknown) => {
        console.error(`[auth-elements] could not load <${tag}>`, error);
        attempts += 1;
        // The failure offers "Try again", which loads the bundle anew.
        void markers!.then((m) => m.renderFailure(element, RESERVED_SIZE[tag], attempt));
      });
    };
    attempt();
  }

  function scan(root: ParentNode) {
    if (root instanceof HTMLElement && root.matches(selector)) upgrade(root);
    root.querySelectorAll<HTMLElement>(selector).forEach(upgrade);
  }

  scope[LOADER_KEY] = { load };
  scan(document);
  new MutationObserver((records) => {
    for (const record of records)
      record.addedNodes.forEach((node) => {
        if (node instanceof HTMLElement) scan(node);
      });
  }).observe(document.documentElement, { childList: true, subtree: true });
}

startLoader();
