/// <reference types="mocha" />
// Browser-test helpers for the portal pages: a demo session, the portal on a page, dialog checks.
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { createDemoBackend } from '../../core/demo/backend';
import { DEMO_ADMIN } from '../../core/demo/data';
import { mount, unmountAll, waitFor } from './fixtures';
import '../admin-portal/admin-portal.define';

const SLOW = 8000;

/** Signs the demo admin in (the demo keeps its session in localStorage) and mounts the portal on `page`. */
export async function portalOn(page: string): Promise<HTMLElement> {
  await createDemoBackend({ delay: () => 0 }).handle(
    'POST',
    '/identity/resources/auth/v1/user',
    { ...DEMO_ADMIN },
    null,
  );
  location.hash = `#/portal/${page}`;
  return mount('auth-admin-portal', { demo: '' });
}

/** A portal page's tests: `describe` with the cleanup each test needs (the portal unmounted, the hash cleared). */
export function describePortal(title: string, body: () => void): void {
  describe(title, () => {
    afterEach(() => {
      unmountAll();
      location.hash = '';
    });
    body();
  });
}

/** Presses a dialog's primary button (Create, Save, Delete…). */
export const confirmIn = (dialog: Element): void =>
  (dialog.querySelector('[part~="confirm-button"]') as HTMLButtonElement).click();

export const inShadow = <T extends Element = HTMLElement>(
  host: HTMLElement,
  selector: string,
  timeoutMs = SLOW,
) => waitFor(() => host.shadowRoot!.querySelector<T>(selector), timeoutMs) as Promise<T>;

export const buttonNamed = (host: HTMLElement, name: string, timeoutMs = SLOW) =>
  waitFor(
    () =>
      [...host.shadowRoot!.querySelectorAll<HTMLButtonElement>('button')].find(
        (b) => (b.getAttribute('aria-label') ?? b.textContent) === name,
      ),
    timeoutMs,
  );

export const dialogNamed = (host: HTMLElement, title: string, timeoutMs = SLOW) =>
  waitFor(
    () =>
      [...host.shadowRoot!.querySelectorAll<HTMLElement>('[role="dialog"]')].find(
        (d) => host.shadowRoot!.getElementById(d.getAttribute('aria-labelledby')!)?.textContent === title,
      ),
    timeoutMs,
  );

/**
 * The dialog contract (elements/ui/Dialog): modal and labelled, focus on its first control after
 * the close button, Tab and Shift+Tab stay inside, Escape closes it, and focus returns to the
 * button that opened it (`returnTo`: the row's menu button when the opener was a menu item).
 */
export async function checkDialog(
  host: HTMLElement,
  opener: HTMLElement,
  title: string,
  returnTo: HTMLElement = opener,
): Promise<void> {
  opener.focus();
  opener.click();
  const dialog = await dialogNamed(host, title);
  expect(dialog.getAttribute('aria-modal')).to.equal('true');
  const focusable = () => [
    ...dialog.querySelectorAll<HTMLElement>(
      'button:not([disabled]), input:not([disabled]), select:not([disabled])',
    ),
  ];
  expect(focusable()[0]?.getAttribute('part'), 'the close button comes first').to.equal('dialog-close');
  await waitFor(() => host.shadowRoot!.activeElement === focusable()[1]);
  focusable()[0]!.focus();
  await sendKeys({ press: 'Shift+Tab' });
  expect(host.shadowRoot!.activeElement, 'Shift+Tab from the first control goes to the last').to.equal(
    focusable().at(-1),
  );
  await sendKeys({ press: 'Tab' });
  expect(host.shadowRoot!.activeElement, 'Tab from the last control goes to the first').to.equal(
    focusable()[0],
  );
  await sendKeys({ press: 'Escape' });
  await waitFor(() => !dialog.isConnected);
  expect(host.shadowRoot!.activeElement, 'focus returns to the opener').to.equal(returnTo);
}

/**
 * Opens the actions menu of the table row named `rowName` (elements/ui/RowActions) and returns
 * the menu's button, once its item named `action` shows: `{ trigger, item }`.
 */
export async function rowAction(
  host: HTMLElement,
  rowName: string,
  action: string,
): Promise<{ trigger: HTMLButtonElement; item: HTMLButtonElement }> {
  const trigger = await buttonNamed(host, `Actions for ${rowName}`);
  trigger!.click();
  const item = await waitFor(
    () =>
      [...host.shadowRoot!.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')].find(
        (b) => (b.getAttribute('aria-label') ?? b.textContent) === action,
      ),
    SLOW,
  );
  return { trigger: trigger!, item: item! };
}

/** Types into a React-controlled input or select the way a user would. */
export function setValue(element: HTMLInputElement | HTMLSelectElement, value: string): void {
  const proto =
    element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(element, value);
  element.dispatchEvent(
    new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  );
}

export const labelled = <T extends HTMLElement = HTMLInputElement>(
  root: ParentNode & { querySelector: Element['querySelector'] },
  label: string,
): T => {
  const element = [...root.querySelectorAll('label')].find((l) => l.textContent === label);
  if (!element) throw new Error(`no label "${label}"`);
  return (root as Element).getRootNode() instanceof ShadowRoot
    ? (((root as Element).getRootNode() as ShadowRoot).getElementById(element.htmlFor) as T)
    : (document.getElementById(element.htmlFor) as T);
};
