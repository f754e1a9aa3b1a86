import { useRef, type Ref, type RefCallback } from 'react';

/** The focused element, looked up through open shadow roots. */
function deepActiveElement(doc: Document): Element | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * True when the focus is somewhere the user put it outside this element's tree: another element on
 * the host page, or another of our elements on it. An element that mounts late (a second login box,
 * a step whose configuration arrived) must not take the caret from a field the user is typing in.
 */
function focusIsElsewhere(node: Element): boolean {
  const active = deepActiveElement(node.ownerDocument);
  if (!active || active === node.ownerDocument.body || active === node.ownerDocument.documentElement)
    return false;
  return active.getRootNode() !== node.getRootNode();
}

/**
 * What React's `autoFocus` does, politely: the element takes the focus once, when it mounts, unless
 * the focus is elsewhere (focusIsElsewhere). Returns a ref that also fills the caller's own ref.
 */
export function useAutoFocus<T extends HTMLElement>(
  enabled: boolean | undefined,
  ref?: Ref<T>,
): RefCallback<T> {
  const focused = useRef<T | null>(null);
  return (node) => {
    if (typeof ref === 'function') ref(node);
    else if (ref) (ref as { current: T | null }).current = node;
    if (!node || !enabled || focused.current === node) return;
    focused.current = node;
    if (!focusIsElsewhere(node)) node.focus();
  };
}
