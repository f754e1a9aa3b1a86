import type { AuthApp } from '../../core/app';

/**
 * Demo mode answers every call in the browser, so its federated sign-in must not leave the page:
 * the demo "identity providers" send the browser to the kit's callback routes, which on a real site
 * are the host's own pages but on a demo page are nobody's (on the reference server they are its
 * non-demo login page, which then asks the real server and fails). So in demo mode the login box
 * takes over the navigation of federated sign-in only: a same-origin address of a callback route
 * becomes the page's address in place (history.replaceState) and the login box shows that callback
 * screen; the next same-origin address after it (where that sign-in would go next) puts the demo
 * page's own address back and the box shows its signed-in state. Everything else navigates as usual.
 * Answers the function that puts the app's own navigation back.
 */
export function routeDemoInPage(
  app: AuthApp,
  isCallback: (pathname: string) => boolean,
  show: (pathname: string) => void,
): () => void {
  const original = app.services.navigate;
  const page = globalThis.location.href;
  // Set while a callback route shows in place: the next same-origin address (where that sign-in
  // goes next) brings the demo page back. Every other navigation (logout, impersonation, emailed
  // links) goes as on a real site.
  let inCallback = false;
  app.services.navigate = (url: string) => {
    const target = new URL(url, globalThis.location.href);
    if (target.origin !== globalThis.location.origin) return original(url);
    if (isCallback(target.pathname)) {
      inCallback = true;
      globalThis.history.replaceState(null, '', target.href);
      show(target.pathname);
      return;
    }
    if (!inCallback) return original(url);
    inCallback = false;
    globalThis.history.replaceState(null, '', page);
    show(new URL(page).pathname);
  };
  return () => {
    app.services.navigate = original;
  };
}
