import { html, render } from 'lit-html';
import { MESSAGES } from '../../core/api/messages';

/**
 * The loader's light-DOM markers, rendered with lit-html (text is escaped: no innerHTML from data).
 * This module is its own small chunk so that loader.js stays within its byte budget; it downloads in
 * parallel with the element's bundle. The element removes the marker once it renders.
 */
const LOADING_LABEL = 'Loading…';

/** @public reached through the loader's dynamic import, which knip cannot follow */
export function renderLoading(element: HTMLElement): void {
  render(
    html`<span data-auth-elements-loading role="status" aria-live="polite">${LOADING_LABEL}</span>`,
    element,
  );
}

/** @public reached through the loader's dynamic import, which knip cannot follow */
export function renderFailure(element: HTMLElement): void {
  render(html`<span data-auth-elements-loading role="alert">${MESSAGES.scriptLoadFailed}</span>`, element);
}
