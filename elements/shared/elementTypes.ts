/**
 * The custom elements' public DOM types: each tag's element interface with its typed events, and
 * the `HTMLElementTagNameMap` entries, so `document.querySelector('auth-login-box')` is an
 * `AuthLoginBoxElement` and `addEventListener('auth:login', (e) => e.detail.user)` type-checks.
 * Both package entries (`auth-elements/react`, `auth-elements/vanilla`) export these types, which
 * brings the global map into the host's program.
 */
import type { BusEvents } from '../../core/bus';

/**
 * The DOM events an element dispatches on itself: every event of its app's bus, as a
 * `CustomEvent` whose `detail` is the payload (elements/shared/ElementRoot.tsx).
 */
export type AuthElementEventMap = { [K in keyof BusEvents]: CustomEvent<BusEvents[K]> };

type Listener<E> = (this: HTMLElement, event: E) => unknown;

/** What every element of the kit has: HTMLElement with its events typed. */
export interface AuthElement extends HTMLElement {
  addEventListener<K extends keyof AuthElementEventMap>(
    type: K,
    listener: Listener<AuthElementEventMap[K]>,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: Listener<HTMLElementEventMap[K]>,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof AuthElementEventMap>(
    type: K,
    listener: Listener<AuthElementEventMap[K]>,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: Listener<HTMLElementEventMap[K]>,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

/** `<auth-login-box>`: sign-in, sign-up and the signed-in state. */
export interface AuthLoginBoxElement extends AuthElement {
  /** The `screen` attribute: `login` (default) or `sign-up`. */
  screen?: 'login' | 'sign-up';
}

/** `<auth-admin-portal>`: account settings and tenant administration. */
export type AuthAdminPortalElement = AuthElement;

/** `<auth-checkout-dialog>`: the checkout dialog, shown while the `open` attribute is set. */
export type AuthCheckoutDialogElement = AuthElement;

declare global {
  interface HTMLElementTagNameMap {
    'auth-login-box': AuthLoginBoxElement;
    'auth-admin-portal': AuthAdminPortalElement;
    'auth-checkout-dialog': AuthCheckoutDialogElement;
  }
}
