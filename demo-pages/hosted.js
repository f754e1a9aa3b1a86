// A host using hosted login: window.AuthElements.initialize() with the hostedLogin option. The
// same script runs on the page and on its callback route (hosted-callback.html).
// Served by the reference server, %BASE_URL% is its origin; from a plain static host, the identity
// server's address comes in the ?api= query parameter and is remembered for the callback page.
const fromPage = document.documentElement.dataset.baseUrl;
const fromQuery = new URLSearchParams(location.search).get('api');
if (fromQuery && /^https?:\/\/[^/]+$/.test(fromQuery)) sessionStorage.setItem('hosted-demo.api', fromQuery);
const baseUrl =
  fromPage && !fromPage.includes('%')
    ? fromPage
    : (sessionStorage.getItem('hosted-demo.api') ?? location.origin);

// The page explains itself first: the app (whose first failed refresh sends the browser to the
// hosted page, spec 000 §4) starts only once the visitor asks for it, then on every later visit of
// this tab, and always on the callback page.
const STARTED_KEY = 'hosted-demo.started';
const onCallback = location.pathname.endsWith('/hosted-callback.html');
if (onCallback) sessionStorage.setItem(STARTED_KEY, '1');

function start() {
  sessionStorage.setItem(STARTED_KEY, '1');
  document.querySelector('.start')?.setAttribute('hidden', '');
  const app = window.AuthElements.initialize({
    contextOptions: {
      baseUrl,
      hostedLogin: { clientId: 'hosted-demo' },
      routes: { hostedLoginRedirectUrl: '/hosted-callback.html', authenticatedUrl: '/hosted.html' },
    },
  });
  const status = document.querySelector('.status');
  const render = () => {
    if (!status) return;
    const { isLoading, isAuthenticated, user } = app.store.getState().auth;
    status.textContent = isLoading
      ? 'Checking…'
      : isAuthenticated
        ? `Signed in as ${user.email}`
        : 'Signed out';
  };
  app.store.subscribe(render);
  render();
  return app;
}

let app = sessionStorage.getItem(STARTED_KEY) ? start() : null;
document.querySelector('.start')?.addEventListener('click', () => {
  app ??= start();
});
document.querySelector('.login')?.addEventListener('click', () => {
  app ??= start();
  app.loginWithRedirect();
});
document.querySelector('.logout')?.addEventListener('click', () => {
  if (app) void app.logout();
});
