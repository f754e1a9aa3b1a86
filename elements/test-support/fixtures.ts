/// <reference types="mocha" />
// Browser-test fixtures: mount an element, wait for what it renders, read its shadow root by part.
import { disposeApp } from '../../core/app';

/**
 * web-test-runner sends a failed test's `actual` and `expected` to the runner through
 * structuredClone, which throws on a DOM node: the file's results are then never sent, and the run
 * reports only that the file did not finish. Every test file that imports these fixtures sends such
 * values as text instead, so a failed assertion on an element is reported as a failure.
 */
afterEach(function () {
  const error = this.currentTest?.err as { actual?: unknown; expected?: unknown } | undefined;
  if (!error) return;
  for (const key of ['actual', 'expected'] as const) {
    try {
      structuredClone(error[key]);
    } catch {
      const value = error[key];
      error[key] =
        value instanceof Element
          ? `<${value.localName}${value.id ? ` id="${value.id}"` : ''}>`
          : String(value);
    }
  }
});

let counter = 0;
const mounted: Array<{ element: HTMLElement; appName: string }> = [];

/** Creates `<tag>` with the attributes, in its own app (own store), and waits until it rendered. */
export async function mount(tag: string, attributes: Record<string, string> = {}): Promise<HTMLElement> {
  const element = document.createElement(tag);
  const appName = attributes['app-name'] ?? `browser-test-${++counter}`;
  element.setAttribute('app-name', appName);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  mounted.push({ element, appName });
  await waitFor(
    () =>
      element.shadowRoot?.querySelector('[part~="card"], [part~="loading"], [role="dialog"]') ??
      (element.shadowRoot && tag === 'auth-checkout-dialog' ? element.shadowRoot : null),
  );
  return element;
}

export function unmountAll(): void {
  for (const { element, appName } of mounted.splice(0)) {
    element.remove();
    disposeApp(appName);
  }
  localStorage.clear();
}

/** Polls until `probe` returns something truthy (default 5 s). */
export async function waitFor<T>(probe: () => T | null | undefined | false, timeoutMs = 5000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    if (performance.now() - started > timeoutMs) throw new Error(`waitFor timed out: ${probe.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const part = <T extends Element = HTMLElement>(element: Element, name: string): T | null =>
  element.shadowRoot!.querySelector<T>(`[part~="${name}"]`);

/** Types into a React-controlled input the way a user would (fires input events). */
export function typeInto(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export function nextEvent<T = unknown>(
  target: EventTarget,
  type: string,
  timeoutMs = 5000,
): Promise<CustomEvent<T>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} event`)), timeoutMs);
    target.addEventListener(
      type,
      (event) => {
        clearTimeout(timer);
        resolve(event as CustomEvent<T>);
      },
      { once: true },
    );
  });
}
