import { createApi } from './api';
import { createHttpClient, type Transport } from './api/http';
import { createLogger } from './api/logger';
import { appNotFoundMessage, MESSAGES } from './api/messages';
import { createEventBus, type EventBus } from './bus';
import type { HostSettings } from './config/hostSettings';
import {
  resolveOptions,
  type ContextOptions,
  type RequestSource,
  type ResolvedOptions,
} from './config/options';
import { loadEntitlements } from './entitlements/thunks';
import { startCrossTab } from './session/crossTab';
import type { AuthServices } from './store/services';
import { makeStore, type AppStore } from './store/store';
import { requestAuthorize } from './store/auth/thunks';
import { ASSETS_VERSION } from './version';

/** One app: the store, the bus and the services every element of that app name shares. */
export interface AuthApp {
  name: string;
  options: ResolvedOptions;
  store: AppStore;
  bus: EventBus;
  services: AuthServices;
  /** Resolves when the first session check has answered. */
  ready: Promise<boolean>;
  /** Theme, texts, nonce, entitlements and flag context set by the host (initialize or provider). */
  settings: HostSettings;
}

interface Registry {
  version: string;
  apps: Map<string, AuthApp>;
}

export const DEFAULT_APP_NAME = 'default';

// Keyed with Symbol.for so every bundle of this version on the page (and a second copy of a bundle)
// finds the same registry, hence the same store and bus. Another version gets its own registry and
// a warning: it must not break the page.
const REGISTRY_KEY = Symbol.for(`auth-elements.registry@${ASSETS_VERSION}`);
const VERSIONS_KEY = Symbol.for('auth-elements.versions');

type GlobalWithRegistry = typeof globalThis & { [REGISTRY_KEY]?: Registry; [VERSIONS_KEY]?: Set<string> };

function registry(): Registry {
  const scope = globalThis as GlobalWithRegistry;
  const versions = (scope[VERSIONS_KEY] ??= new Set());
  if (!versions.has(ASSETS_VERSION)) {
    versions.add(ASSETS_VERSION);
    if (versions.size > 1) {
      console.warn(
        `[auth-elements] versions ${[...versions].join(' and ')} are both on this page; each keeps its own store. Load one version only.`,
      );
    }
  }
  return (scope[REGISTRY_KEY] ??= { version: ASSETS_VERSION, apps: new Map() });
}

interface CreateAppExtras {
  /** An external store: it must carry the same name as the app ("Mismatch in store names"). */
  store?: AppStore;
  /** Replaces fetch (tests). Demo mode uses the in-browser demo backend. */
  transport?: Transport;
  requestSource?: RequestSource;
  settings?: HostSettings;
}

/** The demo backend is its own chunk, downloaded only by pages in demo mode. */
const demoTransport: Transport = async (url, init) =>
  (await import('./demo/backend')).demoTransport(url, init);

function browserNavigate(url: string) {
  globalThis.location?.assign(url);
}

/**
 * The app of this name, created on first use with these options. Later calls with the same name
 * share it (their options are ignored, with a warning when they differ). Throws MissingBaseUrlError
 * without a base URL, and "Mismatch in store names" for an external store of another name.
 */
export function getOrCreateApp(
  name: string = DEFAULT_APP_NAME,
  contextOptions: ContextOptions = {},
  extras: CreateAppExtras = {},
): AuthApp {
  if (extras.store && extras.store.storeName !== name) throw new Error(MESSAGES.storeNameMismatch);
  const apps = registry().apps;
  const existing = apps.get(name);
  if (existing) {
    if (
      contextOptions.baseUrl &&
      contextOptions.baseUrl.replace(/\/+$/, '') !== existing.options.baseUrl &&
      !existing.options.demoMode
    ) {
      existing.services.logger.warn(
        `app "${name}" already uses ${existing.options.baseUrl}; ignoring ${contextOptions.baseUrl}`,
      );
    }
    return existing;
  }

  const options = resolveOptions(contextOptions);
  const logger = createLogger(options.logLevel);
  const bus = createEventBus();
  const services = {
    bus,
    options,
    logger,
    navigate: browserNavigate,
    // In Node (server rendering, tests) a pending refresh must not keep the process alive.
    setTimer: (fn: () => void, ms: number) => {
      const handle = setTimeout(fn, ms);
      (handle as { unref?: () => void }).unref?.();
      return handle;
    },
    clearTimer: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    refreshInFlight: null,
    refreshTimer: null,
  } as Omit<AuthServices, 'api' | 'http'> as AuthServices;
  const store = extras.store ?? makeStore(name, services);
  const settings = extras.settings ?? {};
  const transport: Transport =
    extras.transport ?? (options.demoMode ? demoTransport : (url, init) => fetch(url, init));
  const http = createHttpClient({
    options,
    requestSource: options.requestSource ?? extras.requestSource ?? 'login-box',
    getAccessToken: () => store.getState().auth.accessToken ?? undefined,
    // A host's captcha (HostSettings.captchaProvider): its code is a chunk loaded only then.
    transport: (url, init) =>
      settings.captchaProvider
        ? import('./captcha').then((m) => m.captchaTransport(transport, settings.captchaProvider!, url, init))
        : transport(url, init),
    logger,
    navigate: (url) => services.navigate(url),
  });
  services.api = createApi(http);
  services.http = http;

  const app: AuthApp = {
    name,
    options,
    store,
    bus,
    services,
    ready: Promise.resolve(false),
    settings,
  };
  apps.set(name, app);
  startHostIntegration(app);
  app.ready = store.dispatch(requestAuthorize());
  return app;
}

const stopHostIntegration = new WeakMap<AuthApp, () => void>();

/**
 * Cross-tab session sharing, and entitlements loaded with every new session when the host enabled
 * them (spec 000 §3: "entitlements and authorization merged when enabled"). Kept out of the auth
 * thunks: it listens to the bus they emit on.
 */
function startHostIntegration(app: AuthApp): void {
  const stopCrossTab = app.settings.crossTab === false ? () => {} : startCrossTab(app);
  const loadWhenEnabled = () => {
    if (app.settings.entitlementsOptions?.enabled) void app.store.dispatch(loadEntitlements());
  };
  const subscriptions = [
    app.bus.on('auth:login').subscribe(loadWhenEnabled),
    app.bus.on('auth:ready').subscribe(({ isAuthenticated }) => {
      if (isAuthenticated) loadWhenEnabled();
    }),
  ];
  stopHostIntegration.set(app, () => {
    stopCrossTab();
    subscriptions.forEach((s) => s.unsubscribe());
  });
}

/** An existing app, or "[name] AuthElementsApp not found". */
export function getApp(name: string = DEFAULT_APP_NAME): AuthApp {
  const app = registry().apps.get(name);
  if (!app) throw new Error(appNotFoundMessage(name));
  return app;
}

/** Forgets an app (tests, and hosts that tear down). Stops its refresh timer. */
export function disposeApp(name: string = DEFAULT_APP_NAME): void {
  const app = registry().apps.get(name);
  if (!app) return;
  if (app.services.refreshTimer) app.services.clearTimer(app.services.refreshTimer);
  stopHostIntegration.get(app)?.();
  registry().apps.delete(name);
}
