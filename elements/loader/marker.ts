import { html, render } from 'lit-html';
import { MESSAGES } from '../../core/api/messages';
import type { ReservedSize } from './bundles';

/**
 * The loader's light-DOM markers, rendered with lit-html (text is escaped: no innerHTML from data).
 * This module is its own small chunk so that loader.js stays within its byte budget; it downloads in
 * parallel with the element's bundle. The element removes the marker once it renders.
 *
 * The marker takes the place the element will take (its width and about its height, from
 * RESERVED_SIZE, the same the element's own loading state keeps), so the page does not jump when
 * the element arrives. Its styles are set through the CSSOM (the `.style` property, which assigns
 * cssText), not as a style attribute: a page whose CSP has no 'unsafe-inline' for styles refuses
 * style attributes, not CSSOM writes (test/e2e/host-csp.spec.ts).
 */
const LOADING_LABEL = 'Loading…';
const RETRY_LABEL = 'Try again';

// Short on purpose: every byte here is on every page with a tag (the page's own button styles apply).
const boxStyle = ({ height, width }: ReservedSize) =>
  `display:grid;place-content:center;gap:1em;min-height:${height}px;max-width:${width};margin:auto`;

/** @public reached through the loader's dynamic import, which knip cannot follow */
export function renderLoading(element: HTMLElement, size: ReservedSize): void {
  render(
    html`<div data-auth-elements-loading .style=${boxStyle(size)}>
      <span role="status">${LOADING_LABEL}</span>
    </div>`,
    element,
  );
}

/** @public reached through the loader's dynamic import, which knip cannot follow */
export function renderFailure(element: HTMLElement, size: ReservedSize, retry: () => void): void {
  render(
    html`<div data-auth-elements-loading .style=${boxStyle(size)}>
      <span role="alert">${MESSAGES.scriptLoadFailed}</span>
      <button type="button" @click=${retry}>${RETRY_LABEL}</button>
    </div>`,
    element,
  );
}
