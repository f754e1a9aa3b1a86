import { ASSETS_VERSION } from '../../core/version';
import { startSignInCalls } from '../../core/session/early';
import { readSessionHint } from '../../core/session/hint';
import { BUNDLES, RESERVED_SIZE, TAGS, type AuthTag } from './bundles';
import { renderFailure, renderLoading } from './marker';

/**
 * The bootstrap loader: finds the kit's tags anywhere in the document (also ones added later),
 * shows a loading marker until the element is defined, and imports each bundle once, relative to
 * this file's own URL. A second copy of the loader on the page does nothing.
 */
/**
 * The files each element needs, written in by the build (rollup.config.mjs): the chunks its bundle
 * imports statically, then the bundle itself (`admin-portal` -> `['chunks/shared-<hash>.js', …,
 * 'admin-portal/index.js']`). The loader fetches them together: otherwise the browser finds the
 * chunks only once the bundle has arrived and been parsed, one round trip later. The sign-in bundle
 * is all in the shared chunk (`login-box` -> `['chunks/shared-<hash>.js']`): one request.
 */
declare const __AE_ENTRY_FILES__: Record<string, readonly string[]> | undefined;
const ENTRY_FILES: Record<string, readonly string[]> =
  typeof __AE_ENTRY_FILES__ === 'undefined' ? {} : __AE_ENTRY_FILES__;

const CREDENTIALS: readonly string[] = ['omit', 'same-origin', 'include'];

/**
 * The sign-in form's API calls, sent now, while the bundle downloads (core/session/early.ts hands
 * their answers to the store): the public policy always, the session check only when this browser
 * has seen a session (core/session/hint.ts; without one the form does not wait for it). Only for a
 * login box configured by its attributes (the same defaults as core/config/options.ts), not in demo
 * mode; the store uses an answer only when its own request would be the same.
 */
const earlyFor = new Set<string>();
function startEarlyCalls(element: Element) {
  const attr = (name: string) => element.getAttribute(name);
  const base = attr('base-url')?.trim().replace(/\/+$/, '');
  if (!base || (element.hasAttribute('demo') && attr('demo') !== 'false') || earlyFor.has(base)) return;
  earlyFor.add(base);
  const prefix = (attr('url-prefix') ?? 'frontegg').replace(/^\/+|\/+$/g, '');
  const api = prefix ? `${base}/${prefix}` : base;
  const credentials = (
    CREDENTIALS.includes(attr('request-credentials') ?? '') ? attr('request-credentials') : 'same-origin'
  ) as RequestCredentials;
  startSignInCalls(api, credentials, readSessionHint(base) === true);
}

const LOADER_KEY = Symbol.for(`auth-elements.loader@${ASSETS_VERSION}`);
type Scope = typeof globalThis & { [LOADER_KEY]?: { load: (tag: AuthTag) => Promise<unknown> } };

function startLoader() {
  const scope = globalThis as Scope;
  if (scope[LOADER_KEY] || typeof document === 'undefined') return;

  const versionBase = new URL(`./${ASSETS_VERSION}/`, import.meta.url);
  const imports = new Map<AuthTag, Promise<unknown>>();
  const selector = TAGS.join(',');

  let attempts = 0;
  function load(tag: AuthTag): Promise<unknown> {
    let pending = imports.get(tag);
    if (!pending) {
      // Computed URLs, kept out of the bundle on purpose: the element bundles are separate files.
      // The chunks first (the same URLs the bundle imports, so each is fetched and run once); a
      // failure there fails the bundle's own import too, which reports it. A retry asks for a fresh
      // URL of the last file: the browser keeps a failed module import failed for its URL.
      const files = ENTRY_FILES[BUNDLES[tag]] ?? [`${BUNDLES[tag]}/index.js`];
      const last = files.length - 1;
      for (const chunk of files.slice(0, last))
        import(/* webpackIgnore: true */ new URL(chunk, versionBase).href).catch(() => {});
      const url = new URL(`${files[last]}${attempts ? `?retry=${attempts}` : ''}`, versionBase).href;
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
    if (tag === 'auth-login-box') startEarlyCalls(element);
    const attempt = () => {
      renderLoading(element, RESERVED_SIZE[tag]);
      load(tag).catch((error: unknown) => {
        console.error(`[auth-elements] could not load <${tag}>`, error);
        attempts += 1;
        // The failure offers "Try again", which loads the bundle anew.
        renderFailure(element, RESERVED_SIZE[tag], attempt);
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
