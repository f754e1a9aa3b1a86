import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Where the caret goes after the plans load, a step changes or a try fails: the first field in
 * error, else the chosen plan, else the step's first control (never lost to the page's body).
 * `content` wraps the checkout's content; `moveFocus()` (the same function
 * on every render) asks for the move after the next render.
 */
export function useStepFocus() {
  const content = useRef<HTMLDivElement>(null);
  const [focusTick, setFocusTick] = useState(0);
  const moveFocus = useCallback(() => setFocusTick((n) => n + 1), []);
  useEffect(() => {
    if (focusTick === 0) return;
    const root = content.current;
    const target = ['[aria-invalid="true"]', 'input:checked', 'input:not([disabled]), button:not([disabled])']
      .map((selector) => root?.querySelector<HTMLElement>(selector))
      .find(Boolean);
    target?.focus();
  }, [focusTick]);
  return { content, moveFocus };
}
