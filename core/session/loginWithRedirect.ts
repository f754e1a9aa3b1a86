import type { AuthApp } from '../app';
import { logout } from '../store/auth/thunks';

/**
 * Sends a signed-out user to the login route with a `redirectUrl` back to where they were
 * (spec 000 §2: "A redirectUrl query parameter on the login page sends the user there after
 * sign-in"). Signed in, it does nothing. With hosted login it goes to the identity server's page
 * instead (authorization code + PKCE, core/session/hostedLogin.ts).
 */
export function loginWithRedirect(app: Pick<AuthApp, 'store' | 'options' | 'services'>, currentUrl: string | undefined = globalThis.location?.href): void {
  if (app.store.getState().auth.isAuthenticated) return;
  if (app.options.hostedLogin) {
    void import('./hostedLogin').then((hosted) => hosted.startHostedLogin(app.services));
    return;
  }
  const login = new URL(app.options.routes.loginUrl, currentUrl ?? 'http://localhost/');
  if (currentUrl) {
    const here = new URL(currentUrl);
    // Coming back to the login page itself would loop.
    if (here.pathname !== login.pathname) login.searchParams.set('redirectUrl', here.pathname + here.search + here.hash);
  }
  app.services.navigate(currentUrl && new URL(currentUrl).origin === login.origin ? login.pathname + login.search : login.toString());
}

/** Signs out (server errors ignored, spec 000 §4); every tab of the app follows. */
export function logoutApp(app: Pick<AuthApp, 'store'>): Promise<void> {
  return app.store.dispatch(logout());
}
