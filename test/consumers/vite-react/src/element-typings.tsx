// Type-checked only (never rendered): the custom elements' DOM and JSX typings a host gets from the
// React entry. A wrong event name, detail or attribute here fails `tsc -b`.
import type { AuthLoginBoxElement } from 'auth-elements/react';

export function listenForLogin(onEmail: (email: string) => void): AuthLoginBoxElement | null {
  const box = document.querySelector('auth-login-box');
  box?.addEventListener('auth:login', (event) => onEmail(event.detail.user.email));
  box?.addEventListener('checkout:close', (event) => onEmail(event.detail.status));
  return box;
}

export function ElementInJsx({ onEmail }: { onEmail: (email: string) => void }) {
  return (
    <auth-login-box
      base-url="https://auth.example.com"
      screen="sign-up"
      onauth:login={(event) => onEmail(event.detail.user.email)}
    />
  );
}
