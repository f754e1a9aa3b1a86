import { MESSAGES } from '../../core/api/messages';
import type { ReservedSize } from './bundles';

/**
 * The loader's light-DOM markers, built with DOM calls (text set as text: no HTML is parsed). Part
 * of loader.js itself: no chunk, no request of its own before the element's bundle.
 *
 * The marker takes the place the element will take (its width and about its height, from
 * RESERVED_SIZE, the same the element's own loading state keeps), so the page does not jump when
 * the element arrives. Its styles are set through the CSSOM (`style.cssText`), not as a style
 * attribute: a page whose CSP has no 'unsafe-inline' for styles refuses style attributes, not CSSOM
 * writes (test/e2e/host-csp.spec.ts).
 */
const LOADING_LABEL = 'Loading…';
const RETRY_LABEL = 'Try again';

// Short on purpose: every byte here is on every page with a tag (the page's own button styles apply).
const boxStyle = ({ height, width }: ReservedSize) =>
  `display:grid;place-content:center;gap:1em;min-height:${height}px;max-width:${width};margin:auto`;

function show(element: HTMLElement, size: ReservedSize, ...children: Node[]): void {
  const box = document.createElement('div');
  box.setAttribute('data-auth-elements-loading', '');
  box.style.cssText = boxStyle(size);
  box.append(...children);
  element.querySelector(':scope > [data-auth-elements-loading]')?.remove();
  element.append(box);
}

function text(tag: string, role: string | null, content: string): HTMLElement {
  const node = document.createElement(tag);
  if (role) node.setAttribute('role', role);
  node.textContent = content;
  return node;
}

export function renderLoading(element: HTMLElement, size: ReservedSize): void {
  show(element, size, text('span', 'status', LOADING_LABEL));
}

export function renderFailure(element: HTMLElement, size: ReservedSize, retry: () => void): void {
  // A server's first frame (server/prerender.ts) would hide the message: a slot shows it instead.
  element.shadowRoot?.replaceChildren(document.createElement('slot'));
  const button = text('button', null, RETRY_LABEL);
  button.setAttribute('type', 'button');
  button.addEventListener('click', retry);
  show(element, size, text('span', 'alert', MESSAGES.scriptLoadFailed), button);
}
