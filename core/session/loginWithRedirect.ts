import type { AuthApp } from '../app';
import { PRE_LOGIN_URL_KEY } from '../flows/session';
import { logout, webStorage } from '../store/auth/thunks';

/**
 * Sends a signed-out user to the login route with a `redirectUrl` back to where they were
 * (spec 000 §2: "A redirectUrl query parameter on the login page sends the user there after
 * sign-in"). Signed in, it does nothing. With hosted login it goes to the identity server's page
 * instead (authorization code + PKCE, core/session/hostedLogin.ts).
 */
export function loginWithRedirect(
  app: Pick<AuthApp, 'store' | 'options' | 'services'>,
  currentUrl: string | undefined = globalThis.location?.href,
): void {
  if (app.store.getState().auth.isAuthenticated) return;
  if (app.options.hostedLogin) {
    void import('./hostedLogin').then((hosted) => hosted.startHostedLogin(app.services));
    return;
  }
  const login = new URL(app.options.routes.loginUrl, currentUrl ?? 'http://localhost/');
  if (currentUrl) {
    const here = new URL(currentUrl);
    // Coming back to the login page itself would loop.
    if (here.pathname !== login.pathname) {
      const back = here.pathname + here.search + here.hash;
      login.searchParams.set('redirectUrl', back);
      // Also the stored pre-login URL (spec 000 §4), for login pages that drop the query string.
      webStorage('sessionStorage')?.setItem(PRE_LOGIN_URL_KEY, back);
    }
  }
  app.services.navigate(
    currentUrl && new URL(currentUrl).origin === login.origin
      ? login.pathname + login.search
      : login.toString(),
  );
}

/**
 * Silent logout (spec 000 §4): signs out in place and calls `callback` after `delayMs` (500 ms by
 * default). Its code is fetched on first use: pages that never call it do not download it.
 */
export async function silentLogoutApp(
  app: Pick<AuthApp, 'store'>,
  callback?: () => void,
  delayMs?: number,
): Promise<void> {
  const { silentLogout } = await import('../store/auth/sessionThunks');
  await app.store.dispatch(silentLogout(callback, delayMs));
}

/** Signs out (server errors ignored, spec 000 §4); every tab of the app follows. */
export function logoutApp(app: Pick<AuthApp, 'store'>): Promise<void> {
  return app.store.dispatch(logout());
}
