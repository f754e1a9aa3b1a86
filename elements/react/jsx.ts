/**
 * JSX typings for the kit's custom elements (`<auth-login-box>` and friends from the CDN), for
 * React 18 and 19 alike: React 19's types read `React.JSX` only, React 18's the global `JSX`; both
 * are augmented. Import `auth-elements/react` (or this file) once for the typings to apply.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

interface CommonAttributes {
  'base-url'?: string;
  'url-prefix'?: string;
  'app-name'?: string;
  demo?: boolean | '';
  'log-level'?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  'request-credentials'?: 'omit' | 'same-origin' | 'include';
  nonce?: string;
  'primary-color'?: string;
}

type Element<A> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & CommonAttributes & A;

export interface AuthElementsIntrinsicElements {
  'auth-login-box': Element<{ screen?: 'login' | 'sign-up' }>;
  'auth-admin-portal': Element<object>;
  'auth-checkout-dialog': Element<{ open?: boolean | ''; 'plan-id'?: string }>;
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
