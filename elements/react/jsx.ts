/**
 * JSX typings for the kit's custom elements (`<auth-login-box>` and friends from the CDN), for
 * React 18 and 19 alike: React 19's types read `React.JSX` only, React 18's the global `JSX`; both
 * are augmented. Import `auth-elements/react` (or this file) once for the typings to apply.
 *
 * Event props: `onauth:login={(event) => event.detail.user}` and one for every other event of
 * `AuthElementEventMap`. React 19 adds them as event listeners on the element; React 18 does not
 * attach listeners to custom elements (it sets attributes), so on React 18 use the components of
 * this entry (`<LoginBox onLogin>`) or `addEventListener` on a ref.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { AuthElementEventMap, AuthLoginBoxElement } from '../shared/elementTypes';

/** The attributes every element reads (elements/shared/hostConfig.ts); custom-elements.json lists them too. */
interface CommonAttributes {
  /** The identity server's URL; required unless `demo`. */
  'base-url'?: string;
  /** The prefix of every API path; default `frontegg`. */
  'url-prefix'?: string;
  /** Elements with the same app name share one store and session; default `default`. */
  'app-name'?: string;
  /** Runs against the demo backend in the browser, without a server. */
  demo?: boolean | '';
  /** How much the kit logs to the console; default `error`. */
  'log-level'?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** The credentials mode of the kit's requests; default `same-origin`. */
  'request-credentials'?: 'omit' | 'same-origin' | 'include';
  /** The nonce of the page's style-src CSP, put on the element's style tags. */
  nonce?: string;
  /** The theme's primary colour for this element (shades derived from it). */
  'primary-color'?: string;
}

/** `onauth:login`, `oncheckout:close`...: the element's events as props (React 19 listens to them). */
export type AuthElementEventProps = {
  [K in keyof AuthElementEventMap as `on${K}`]?: (event: AuthElementEventMap[K]) => void;
};

type Element<A, E extends HTMLElement = HTMLElement> = DetailedHTMLProps<HTMLAttributes<E>, E> &
  CommonAttributes &
  AuthElementEventProps &
  A;

export interface AuthElementsIntrinsicElements {
  'auth-login-box': Element<
    {
      /** The first screen: `login` (default) or `sign-up`. */
      screen?: 'login' | 'sign-up';
    },
    AuthLoginBoxElement
  >;
  'auth-admin-portal': Element<object>;
  'auth-checkout-dialog': Element<{
    /** The dialog shows while this attribute is set. */
    open?: boolean | '';
    /** The plan to check out. */
    'plan-id'?: string;
  }>;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX types are a namespace: augmenting them takes one
  namespace JSX {
    interface IntrinsicElements extends AuthElementsIntrinsicElements {}
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX types are a namespace: augmenting them takes one
  namespace JSX {
    interface IntrinsicElements extends AuthElementsIntrinsicElements {}
  }
}
