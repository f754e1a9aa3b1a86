import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { disposeApp, getOrCreateApp } from '../app';
import { createDemoBackend } from '../demo/backend';
import { DEMO_ADMIN } from '../demo/data';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { loginWithPassword, logout } from '../store/auth/thunks';
import { startCrossTab, type TabChannel } from './crossTab';

/** BroadcastChannel semantics in one process: a message reaches every other channel of the name, asynchronously. */
function channelHub() {
  const channels = new Map<string, Set<FakeChannel>>();
  class FakeChannel implements TabChannel {
    listeners: Array<(event: { data: unknown }) => void> = [];
    constructor(readonly name: string) {
      if (!channels.has(name)) channels.set(name, new Set());
      channels.get(name)!.add(this);
    }
    postMessage(data: unknown) {
      for (const other of channels.get(this.name) ?? []) {
        if (other !== this)
          setTimeout(() => other.listeners.forEach((l) => l({ data: structuredClone(data) })), 0);
      }
    }
    addEventListener(_type: 'message', listener: (event: { data: unknown }) => void) {
      this.listeners.push(listener);
    }
    close() {
      channels.get(this.name)?.delete(this);
    }
  }
  return (name: string) => new FakeChannel(name);
}

const settle = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Waits until `done()` holds (the other tab's message arrived), polling. It takes milliseconds; the
 * minute is a safety net that names `what`, generous enough that a busy machine only slows it.
 */
async function until(done: () => boolean, what: string) {
  const deadline = Date.now() + 60_000;
  while (!done()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await settle(5);
  }
}
const names: string[] = [];
afterEach(() => {
  for (const name of names.splice(0)) disposeApp(name);
});

let counter = 0;
/** Two "tabs": two apps over one demo backend (one shared cookie jar), joined by one channel name. */
async function twoTabs() {
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const hub = channelHub();
  const tab = (label: string) => {
    const name = `tab-${++counter}-${label}`;
    names.push(name);
    const app = getOrCreateApp(
      name,
      { baseUrl: 'https://auth.example.com' },
      { transport: backend.transport },
    );
    const requests: string[] = [];
    const events: string[] = [];
    app.bus.all$.subscribe((m) => events.push(m.type));
    // Both tabs must share one channel: the channel name is per app name, so give both the same one.
    const stop = startCrossTab({ ...app, name: 'shared' }, hub);
    return { app, requests, events, stop };
  };
  const a = tab('a');
  const b = tab('b');
  await Promise.all([a.app.ready, b.app.ready]);
  return { a, b };
}

test('signing in in one tab signs the other tab in with the same token, without a request of its own to refresh', async () => {
  const { a, b } = await twoTabs();
  assert.equal(
    await a.app.store.dispatch(loginWithPassword({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password })),
    true,
  );
  await until(() => b.app.store.getState().auth.isAuthenticated, 'the other tab to sign in');
  const stateB = b.app.store.getState().auth;
  assert.equal(stateB.isAuthenticated, true);
  assert.equal(stateB.user?.email, DEMO_ADMIN.email);
  assert.equal(stateB.accessToken, a.app.store.getState().auth.accessToken);
  assert.ok(b.events.includes('auth:login'));
  a.stop();
  b.stop();
});

test('signing out in one tab signs out the other, and the other does not echo it back', async () => {
  const { a, b } = await twoTabs();
  await a.app.store.dispatch(loginWithPassword({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }));
  await until(() => b.app.store.getState().auth.isAuthenticated, 'the other tab to sign in');
  const logoutsA = () => a.events.filter((e) => e === 'auth:logout').length;
  await b.app.store.dispatch(logout());
  await until(() => !a.app.store.getState().auth.isAuthenticated, 'the other tab to sign out');
  assert.equal(a.app.store.getState().auth.isAuthenticated, false);
  assert.equal(a.app.store.getState().auth.accessToken, null);
  assert.equal(a.app.store.getState().auth.loginState.step, 'preLogin');
  assert.equal(logoutsA(), 1);
  await settle();
  assert.equal(
    b.events.filter((e) => e === 'auth:logout').length,
    1,
    'no echo back to the tab that signed out',
  );
  a.stop();
  b.stop();
});

test('a tab that adopted a token refreshes after the tab that owns the refresh, not at the same time', async () => {
  const { a, b } = await twoTabs();
  const timers: Array<{ label: string; ms: number }> = [];
  for (const [label, tab] of [
    ['a', a],
    ['b', b],
  ] as const) {
    const original = tab.app.services.setTimer;
    tab.app.services.setTimer = (fn, ms) => {
      timers.push({ label, ms });
      return original(fn, ms);
    };
  }
  await a.app.store.dispatch(loginWithPassword({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }));
  await until(
    () => b.app.store.getState().auth.isAuthenticated && timers.some((t) => t.label === 'b'),
    'the other tab to adopt the token',
  );
  const ownerDelay = timers.filter((t) => t.label === 'a').at(-1)!.ms;
  const adoptedDelay = timers.filter((t) => t.label === 'b').at(-1)!.ms;
  assert.ok(adoptedDelay > ownerDelay, `adopting tab waits longer (${adoptedDelay} > ${ownerDelay})`);
  a.stop();
  b.stop();
});

test('messages of another shape are ignored', async () => {
  const hub = channelHub();
  const name = `tab-${++counter}-x`;
  names.push(name);
  const app = getOrCreateApp(
    name,
    { baseUrl: 'https://auth.example.com' },
    { transport: createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 }).transport },
  );
  await app.ready;
  const stop = startCrossTab(app, hub);
  const other = hub(`auth-elements.session:${name}:https://auth.example.com`);
  other.postMessage({ type: 'session', accessToken: 42 });
  other.postMessage('logout');
  await settle();
  assert.equal(app.store.getState().auth.isAuthenticated, false);
  stop();
});
