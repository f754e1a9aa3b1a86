// `import 'auth-elements/vanilla'` alone defines the elements: the bundler keeps it (sideEffects).
import 'auth-elements/vanilla';
import type { AuthLoginBoxElement } from 'auth-elements/vanilla';

// HTMLElementTagNameMap: the tag's own element type, with its events typed.
const box: AuthLoginBoxElement | null = document.querySelector('auth-login-box');
box?.addEventListener('auth:login', (event) => {
  document.querySelector('#host-status')!.textContent = `Signed in as ${event.detail.user.email}`;
});
// The vanilla API is on window too, typed.
document.body.dataset.vanillaApi = typeof window.AuthElements?.initialize;
