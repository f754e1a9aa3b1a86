import { useState } from 'react';

let last = 0;

/**
 * An id unique on the page and kept for the component's life (labels, descriptions, menus, tabs).
 * React's useId is page-unique only on the client with React; the CDN bundles render with Preact,
 * whose ids restart in every render root, so two roots in one shadow root (a dialog beside a page)
 * would share ids and tie a label to the wrong field.
 */
export function useUniqueId(): string {
  const [id] = useState(() => `ae-${(++last).toString(36)}`);
  return id;
}
