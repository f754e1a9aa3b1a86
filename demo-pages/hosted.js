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

const app = window.AuthElements.initialize({
  contextOptions: {
    baseUrl,
    hostedLogin: { clientId: 'hosted-demo' },
    routes: { hostedLoginRedirectUrl: '/hosted-callback.html', authenticatedUrl: '/hosted.html' },
  },
});

const status = document.querySelector('.status');
const render = () => {
  const { isLoading, isAuthenticated, user } = app.store.getState().auth;
  status.textContent = isLoading
    ? 'Checking…'
    : isAuthenticated
      ? `Signed in as ${user.email}`
      : 'Signed out';
};
app.store.subscribe(render);
render();
document.querySelector('.login')?.addEventListener('click', () => app.loginWithRedirect());
document.querySelector('.logout')?.addEventListener('click', () => {
  void app.logout();
});
