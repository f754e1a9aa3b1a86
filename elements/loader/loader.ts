import { ASSETS_VERSION } from '../../core/version';
import { BUNDLES, TAGS, type AuthTag } from './bundles';

/**
 * The bootstrap loader: finds the kit's tags anywhere in the document (also ones added later),
 * shows a loading marker until the element is defined, and imports each bundle once, relative to
 * this file's own URL. A second copy of the loader on the page does nothing.
 */
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

  function load(tag: AuthTag): Promise<unknown> {
    let pending = imports.get(tag);
    if (!pending) {
      // A computed URL, kept out of the bundle on purpose: the element bundles are separate files.
      const url = new URL(`${BUNDLES[tag]}/index.js`, versionBase).href;
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
    void markers.then((m) => { if (!customElements.get(tag)) m.renderLoading(element); });
    load(tag).catch((error: unknown) => {
      console.error(`[auth-elements] could not load <${tag}>`, error);
      void markers?.then((m) => m.renderFailure(element));
    });
  }

  function scan(root: ParentNode) {
    if (root instanceof HTMLElement && root.matches(selector)) upgrade(root);
    root.querySelectorAll<HTMLElement>(selector).forEach(upgrade);
  }

  scope[LOADER_KEY] = { load };
  scan(document);
  new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach((node) => { if (node instanceof HTMLElement) scan(node); });
  }).observe(document.documentElement, { childList: true, subtree: true });
}

startLoader();
