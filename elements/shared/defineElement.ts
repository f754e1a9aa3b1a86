import { ASSETS_VERSION } from '../../core/version';

const DEFINED_KEY = Symbol.for('auth-elements.defined');
type Scope = typeof globalThis & { [DEFINED_KEY]?: Map<string, string> };

/**
 * Defines a tag once. A second copy of a bundle changes nothing; another version that already
 * defined the tag gets a warning instead of an exception (a tag cannot be defined twice).
 */
export function defineElement(tag: string, create: () => CustomElementConstructor): void {
  if (typeof customElements === 'undefined') return; // server-side rendering: nothing to define
  const scope = globalThis as Scope;
  const owners = (scope[DEFINED_KEY] ??= new Map());
  if (customElements.get(tag)) {
    const owner = owners.get(tag);
    if (owner && owner !== ASSETS_VERSION) {
      console.warn(
        `[auth-elements] <${tag}> is already defined by version ${owner}; version ${ASSETS_VERSION} is not used for it.`,
      );
    }
    return;
  }
  customElements.define(tag, create());
  owners.set(tag, ASSETS_VERSION);
}
