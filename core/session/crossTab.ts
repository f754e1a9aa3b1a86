import type { EventBus } from '../bus';
import { refreshDelayMs } from '../flows/login';
import { loginReset, sessionCleared, signUpReset, tokenReceived } from '../store/auth/authSlice';
import { establishSession, refreshSession } from '../store/auth/thunks';
import type { AuthServices } from '../store/services';
import type { AppStore } from '../store/store';

/** The part of BroadcastChannel this module uses (tests give a fake). */
export interface TabChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

type CrossTabMessage =
  { type: 'logout' } | { type: 'session'; accessToken: string; expiresAt: number; userId: string };

/** What a tab that adopted another tab's token waits beyond the owner's refresh time, so the owner refreshes first. */
const ADOPTED_REFRESH_GRACE_MS = 10_000;

/** One channel per app name and identity server: two apps of one origin do not sign each other out. */
const crossTabChannelName = (appName: string, baseUrl: string) =>
  `auth-elements.session:${appName}:${baseUrl}`;

interface CrossTabApp {
  name: string;
  store: AppStore;
  bus: EventBus;
  services: AuthServices;
}

function isMessage(data: unknown): data is CrossTabMessage {
  const type = (data as { type?: unknown } | null)?.type;
  if (type === 'logout') return true;
  const m = data as Record<string, unknown>;
  return (
    type === 'session' &&
    typeof m.accessToken === 'string' &&
    typeof m.expiresAt === 'number' &&
    typeof m.userId === 'string'
  );
}

/**
 * Keeps the tabs of one app consistent (spec 000, "cross-tab session state"):
 * - signing out in one tab (or a refresh that finds the session gone) signs out every tab;
 * - a tab that signs in or refreshes hands its new access token to the others, which adopt it and
 *   push their own refresh timer back, so one refresh serves every tab instead of one per tab;
 * - a tab signed out (or as another user) that hears of a sign-in loads that session.
 * The token travels in memory between same-origin tabs only (BroadcastChannel), never to storage.
 * Returns a stop function. Without BroadcastChannel (old browsers, Node) it does nothing.
 */
export function startCrossTab(
  app: CrossTabApp,
  // Browsers only: Node also has BroadcastChannel, and an open one would keep a process (a test) alive.
  createChannel: ((name: string) => TabChannel) | null = typeof BroadcastChannel === 'function' &&
  typeof document !== 'undefined'
    ? (name) => new BroadcastChannel(name)
    : null,
  now: () => number = Date.now,
): () => void {
  if (!createChannel) return () => {};
  const channel = createChannel(crossTabChannelName(app.name, app.services.options.baseUrl));
  const { store, bus, services } = app;
  // True while this tab applies another tab's news: the events it emits then must not echo back.
  let applyingRemote = false;
  // After stop() (the app was disposed), late news must not touch the app again.
  let stopped = false;

  const post = (message: CrossTabMessage) => {
    if (!applyingRemote) channel.postMessage(message);
  };
  const shareSession = () => {
    const { accessToken, expiresAt, user } = store.getState().auth;
    if (accessToken && expiresAt && user) post({ type: 'session', accessToken, expiresAt, userId: user.id });
  };
  const subscriptions = [
    bus.on('auth:logout').subscribe(() => post({ type: 'logout' })),
    bus.on('auth:login').subscribe(shareSession),
    bus.on('auth:tokenRefreshed').subscribe(shareSession),
  ];

  function stopRefreshTimer() {
    if (services.refreshTimer !== null && services.refreshTimer !== undefined)
      services.clearTimer(services.refreshTimer);
    services.refreshTimer = null;
  }

  /** The owner tab refreshes at refreshDelayMs; this tab a little later, and only if no news came by then. */
  function scheduleAfterOwner(expiresAt: number) {
    const remaining = expiresAt - now();
    stopRefreshTimer();
    const delay = Math.min(remaining - 1000, refreshDelayMs(remaining / 1000) + ADOPTED_REFRESH_GRACE_MS);
    services.refreshTimer = services.setTimer(
      () => {
        void store.dispatch(refreshSession());
      },
      Math.max(1000, delay),
    );
  }

  async function apply(message: CrossTabMessage) {
    const auth = store.getState().auth;
    if (message.type === 'logout') {
      if (!auth.isAuthenticated && !auth.accessToken) return;
      stopRefreshTimer();
      store.dispatch(sessionCleared());
      store.dispatch(loginReset());
      store.dispatch(signUpReset());
      bus.emit('auth:logout', {});
      return;
    }
    const remaining = message.expiresAt - now();
    if (remaining <= 0) return;
    if (auth.isAuthenticated && auth.user?.id === message.userId) {
      if ((auth.expiresAt ?? 0) >= message.expiresAt) return; // ours is as fresh
      store.dispatch(tokenReceived({ accessToken: message.accessToken, expiresAt: message.expiresAt }));
      scheduleAfterOwner(message.expiresAt);
      return;
    }
    // Signed out here, or signed in as someone else: take over the other tab's session.
    try {
      const user = await store.dispatch(
        establishSession({ accessToken: message.accessToken, expiresIn: Math.floor(remaining / 1000) }),
      );
      if (stopped) return stopRefreshTimer();
      scheduleAfterOwner(message.expiresAt);
      bus.emit('auth:login', { user });
    } catch (error) {
      services.logger.warn('Could not adopt the session of another tab', error);
    }
  }

  channel.addEventListener('message', (event) => {
    if (stopped || !isMessage(event.data)) return;
    // The flag covers the synchronous part, where a remote sign-out emits auth:logout. The
    // auth:login of an adopted session comes after an await and is shared back, which is harmless:
    // the sender already holds a token at least as fresh and ignores it.
    applyingRemote = true;
    try {
      void apply(event.data);
    } finally {
      applyingRemote = false;
    }
  });

  return () => {
    stopped = true;
    subscriptions.forEach((s) => s.unsubscribe());
    channel.close();
  };
}
