// A vanilla host: two apps on one page, each with its own store and session, driven through
// window.AuthElements.initialize(). Text goes in with textContent only.
const baseUrl = document.documentElement.dataset.baseUrl;
const { initialize, getApp } = window.AuthElements;

const apps = {
  shop: initialize({
    appName: 'shop',
    contextOptions: { baseUrl },
    entitlementsOptions: { enabled: true },
    themeOptions: { palette: { primary: '#c2255c' } },
  }),
  support: initialize({ appName: 'support', contextOptions: { baseUrl } }),
};

const events = document.getElementById('events');
function logEvent(text) {
  const item = document.createElement('li');
  item.textContent = text;
  events.append(item);
}

for (const [name, app] of Object.entries(apps)) {
  const section = document.querySelector(`[data-app="${name}"]`);
  const status = section.querySelector('.status');
  const list = section.querySelector('.entitlements');
  const render = () => {
    const { isLoading, isAuthenticated, user } = app.store.getState().auth;
    status.textContent = isLoading
      ? 'Checking…'
      : isAuthenticated
        ? `${name}: signed in as ${user.email}`
        : `${name}: signed out`;
    list.replaceChildren();
    if (!isAuthenticated || name !== 'shop') return;
    for (const feature of ['sso', 'scim']) {
      const entitlement = app.getFeatureEntitlements(feature);
      const item = document.createElement('li');
      item.dataset.entitlement = feature;
      item.textContent = `${feature}: ${entitlement.isEntitled ? 'entitled' : entitlement.justification}`;
      list.append(item);
    }
  };
  app.store.subscribe(render);
  render();
  app.onLoad((isAuthenticated) =>
    logEvent(`${name}: loaded (${isAuthenticated ? 'signed in' : 'signed out'})`),
  );
  app.on('auth:login', ({ user }) => logEvent(`${name}: auth:login ${user.email}`));
  app.on('auth:logout', () => logEvent(`${name}: auth:logout`));
  app.on('checkout:close', ({ status: result }) => logEvent(`${name}: checkout:close ${result}`));
  section.querySelector('.show-portal').addEventListener('click', () => app.showAdminPortal());
  section
    .querySelector('.checkout')
    .addEventListener('click', () => app.showCheckoutDialog({ planId: 'pro' }));
  section.querySelector('.logout').addEventListener('click', () => app.logout());
}

// Spec 000 §8: asking for an app that was never initialised throws. Shown as the documented answer
// it is, so the log does not open with what reads like a failure of the page.
try {
  getApp('billing');
} catch (error) {
  document.getElementById('unknown-app').textContent =
    `getApp('billing') for an app this page never initialised throws, as documented: “${error.message}”.`;
}
