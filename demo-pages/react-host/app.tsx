// A React host app, bundled by the host's own bundler (esbuild, build.mjs) with the host's own
// React. It imports the kit as a package: `auth-elements/react`.
import { StrictMode, useState, version } from 'react';
import { createRoot } from 'react-dom/client';
import {
  AdminPortal,
  AuthElementsProvider,
  AuthorizedContent,
  CheckoutDialog,
  LoginBox,
  useAuth,
  useAuthActions,
  useFeatureEntitlements,
  useFeatureFlag,
  usePermissionEntitlements,
} from 'auth-elements/react';

const params = new URLSearchParams(location.search);
const demoMode = params.has('demo');

function Entitlements() {
  const sso = useFeatureEntitlements('sso');
  const scim = useFeatureEntitlements('scim');
  const provisioning = usePermissionEntitlements('fe.secure.read.provisioningConfiguration');
  const users = usePermissionEntitlements('fe.secure.read.users');
  const row = (name: string, e: { isEntitled: boolean; justification?: string }) => (
    <li data-entitlement={name}>
      {name}: {e.isEntitled ? 'entitled' : (e.justification ?? 'not entitled')}
    </li>
  );
  return (
    <ul aria-label="Entitlements">
      {row('feature sso', sso)}
      {row('feature scim', scim)}
      {row('permission fe.secure.read.provisioningConfiguration', provisioning)}
      {row('permission fe.secure.read.users', users)}
    </ul>
  );
}

function HostPage() {
  const { isLoading, isAuthenticated, user } = useAuth();
  const { logout, loginWithRedirect, setTheme } = useAuthActions();
  const [dashboard, passkeys] = useFeatureFlag(['demo-new-dashboard', 'show-passkeys-new']);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const [events, setEvents] = useState<string[]>([]);
  const log = (event: string) => setEvents((list) => [...list, event]);

  return (
    <>
      <header>
        <h1>React host</h1>
        <p id="react-version">React {version}</p>
        <p id="status" role="status">
          {isLoading
            ? 'Checking your session…'
            : isAuthenticated
              ? `Signed in as ${user?.name}`
              : 'Signed out'}
        </p>
        {isAuthenticated ? (
          <button type="button" id="host-logout" onClick={() => void logout()}>
            Log out (host button)
          </button>
        ) : (
          <button type="button" id="host-login-redirect" onClick={loginWithRedirect}>
            Log in with redirect
          </button>
        )}
        <button type="button" id="open-checkout" onClick={() => setCheckoutOpen(true)}>
          Open checkout
        </button>
        <button
          type="button"
          id="dark-theme"
          onClick={() => void setTheme({ name: 'dark', palette: { primary: '#7950f2' } })}
        >
          Dark theme
        </button>
      </header>
      <main className="columns">
        <LoginBox onLogin={({ user: who }) => log(`login:${who.email}`)} onLogout={() => log('logout')} />
        <section aria-labelledby="host-panel">
          <h2 id="host-panel">Host content</h2>
          <p id="flags">
            Flags: new dashboard {dashboard ? 'on' : 'off'}, passkeys {passkeys ? 'on' : 'off'}
          </p>
          <AuthorizedContent requiredRoles={['Admin']}>
            <p id="admin-only">Only admins see this.</p>
          </AuthorizedContent>
          <AuthorizedContent requiredPermissions={['fe.secure.read.users']} requiredRoles={['Viewer']}>
            <p id="roles-override">Viewers see this (roles override permissions).</p>
          </AuthorizedContent>
          <AuthorizedContent
            requiredPermissions={['fe.secure.read.users']}
            render={(allowed) => (
              <p id="render-guard">{allowed ? 'You may read users.' : 'You may not read users.'}</p>
            )}
          />
          {isAuthenticated && <Entitlements />}
          <ol id="events" aria-label="Events">
            {events.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ol>
        </section>
        {isAuthenticated && <AdminPortal />}
      </main>
      <CheckoutDialog open={checkoutOpen} planId="pro" onClose={() => setCheckoutOpen(false)} />
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AuthElementsProvider
      contextOptions={demoMode ? { demoMode: true } : { baseUrl: location.origin }}
      entitlementsOptions={{ enabled: true }}
      themeOptions={{ palette: { primary: '#0a7d5a' } }}
      localizations={{ login: { title: 'Sign in to the React host' } }}
    >
      <HostPage />
    </AuthElementsProvider>
  </StrictMode>,
);
