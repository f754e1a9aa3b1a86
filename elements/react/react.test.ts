import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { disposeApp, getOrCreateApp } from '../../core/app';
import { createDemoBackend } from '../../core/demo/backend';
import { DEMO_ADMIN } from '../../core/demo/data';
import { createMemoryStorage } from '../../core/test-support/memoryStorage';
import { loginWithPassword } from '../../core/store/auth/thunks';
import { AppContext } from '../shared/AppContext';
import {
  AdminPortal,
  AuthElementsProvider,
  AuthorizedContent,
  CheckoutDialog,
  LoginBox,
  useAuth,
  useFeatureFlag,
  useIsAuthenticated,
  isWrappedContentHidden,
} from './index';
import { hiddenContentMessage } from './hostRoutes';

test('rendering on the server touches no window: the provider, components, hooks and guard render the signed-out state', () => {
  assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
  function Status() {
    const { isLoading } = useAuth();
    const [flag] = useFeatureFlag(['demo-new-dashboard']);
    return h('p', null, `loading=${isLoading} signedIn=${useIsAuthenticated()} flag=${flag}`);
  }
  const html = renderToString(
    h(
      AuthElementsProvider,
      { contextOptions: { baseUrl: 'https://auth.example.com' } },
      h(Status),
      h(LoginBox),
      h(AdminPortal),
      h(CheckoutDialog, { open: false }),
      h(AuthorizedContent, {
        requiredRoles: ['Admin'],
        render: (allowed: boolean) => h('span', null, `admin=${allowed}`),
      }),
    ),
  );
  assert.match(html, /loading=true signedIn=false flag=false/);
  assert.match(html, /data-auth-element="login-box"/);
  assert.match(html, /admin=false/);
  assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
});

test('without a base URL the provider renders nothing and says why', () => {
  const errors: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    errors.push(args.join(' '));
  };
  try {
    assert.equal(
      renderToString(h(AuthElementsProvider, { contextOptions: {} }, h('p', null, 'host content'))),
      '',
    );
  } finally {
    console.error = original;
  }
  assert.ok(String(errors[0]).includes('set the baseUrl option of the AuthElementsProvider component'));
});

// The guard rendered through React, with a real app signed in as the demo admin (role Admin, fe.*).
afterEach(() => disposeApp('react-guard'));
test('the guard shows, hides, and hands the allowed flag to a render function', async () => {
  const app = getOrCreateApp(
    'react-guard',
    { baseUrl: 'https://auth.example.com' },
    { transport: createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 }).transport },
  );
  await app.ready;
  await app.store.dispatch(loginWithPassword({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }));
  const render = (node: ReactNode) => renderToString(h(AppContext.Provider, { value: app }, node));
  assert.equal(render(h(AuthorizedContent, { requiredRoles: ['Admin'] }, 'secret')), 'secret');
  assert.equal(render(h(AuthorizedContent, { requiredRoles: ['Viewer'] }, 'secret')), '');
  assert.equal(
    render(h(AuthorizedContent, { requiredPermissions: ['fe.secure.read.users'] }, 'secret')),
    'secret',
  );
  assert.equal(
    render(
      h(
        AuthorizedContent,
        { requiredPermissions: ['fe.secure.read.users'], requiredRoles: ['Viewer'] },
        'secret',
      ),
    ),
    '',
  );
  assert.equal(render(h(AuthorizedContent, {}, 'open')), 'open');
  assert.equal(
    render(h(AuthorizedContent, { requiredRoles: ['Viewer'], render: (ok: boolean) => (ok ? 'yes' : 'no') })),
    'no',
  );
});

const hiddenRows: Array<[string, string, { authenticatedUrl?: string; signUpSuccessUrl?: string }, boolean]> =
  [
    // The host's app at `/` shows unless the host itself points a hiding route there.
    ['the default authenticated URL (not configured)', '/', {}, false],
    ['an explicitly configured authenticated URL of /', '/', { authenticatedUrl: '/' }, true],
    ['another page', '/reports', { authenticatedUrl: '/app' }, false],
    ['a configured authenticated URL, trailing slash', '/app/', { authenticatedUrl: '/app' }, true],
    ['the sign-up-success URL', '/welcome', { signUpSuccessUrl: '/welcome' }, true],
    ['no sign-up-success URL configured', '/welcome', {}, false],
  ];
for (const [name, path, r, expected] of hiddenRows) {
  test(`wrapped content ${expected ? 'hidden' : 'shown'} on ${name}`, () =>
    assert.equal(isWrappedContentHidden(path, r), expected));
}

test('hidden children are explained in the console with the fix', () => {
  assert.equal(
    hiddenContentMessage('/app/', 'authenticatedUrl'),
    '[auth-elements] AuthElementsProvider hides its children on /app: it is contextOptions.routes.authenticatedUrl (spec 000 §2 hides the wrapped content there). To show them on this page, set routes.authenticatedUrl to another path.',
  );
});
