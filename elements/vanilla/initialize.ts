import { DEFAULT_APP_NAME, getApp, getOrCreateApp, type AuthApp } from '../../core/app';
import type { BusEventName, BusEvents } from '../../core/bus';
import type { HostSettings } from '../../core/config/hostSettings';
import type { ContextOptions } from '../../core/config/options';
import { getAppEntitlement } from '../../core/entitlements/appEntitlements';
import type { Entitlement, EntitlementQuery } from '../../core/entitlements/entitlements';
import { loadEntitlements } from '../../core/entitlements/thunks';
import { isFlagOn } from '../../core/featureFlags/featureFlags';
import { loadFeatureFlags } from '../../core/featureFlags/thunks';
import { loginWithRedirect, logoutApp, silentLogoutApp } from '../../core/session/loginWithRedirect';
import type { RootState } from '../../core/store/store';
import type { ThemeOptions } from '../../core/theme/themeOptions';
import { themeChanged } from '../../core/theme/themeSlice';
import { setHostLocale } from '../i18n/locale';
import { applyLocalizations, type Localizations } from '../i18n/localize';
import { setAppTheme } from '../theme/setAppTheme';
import { createAdminPortalOverlay, ensureCheckoutDialog } from './overlays';

export interface InitializeOptions extends Omit<HostSettings, 'localizations'> {
  /** Elements with the same app-name attribute use this app. Default `default`. */
  appName?: string;
  contextOptions: ContextOptions;
  localizations?: Localizations;
  /**
   * The elements' language (`ja`, `pt-BR`…; docs/i18n.md) where an element has no `locale`
   * attribute. Default: the page's `lang`, then the browser's languages, then English.
   */
  locale?: string;
}

/** What `initialize()` returns: one object per app name. */
export interface AuthElementsApp {
  readonly name: string;
  /** Resolves after the first session check with whether the user is signed in. */
  readonly ready: Promise<boolean>;
  /** Calls back once the first session check has answered (at once if it already has). */
  onLoad(callback: (isAuthenticated: boolean) => void): void;
  showAdminPortal(): void;
  hideAdminPortal(): void;
  showCheckoutDialog(options?: { planId?: string }): void;
  hideCheckoutDialog(): void;
  loginWithRedirect(): void;
  logout(): Promise<void>;
  /** Signs out without leaving the page; calls `callback` after `delayMs` (default 500 ms). */
  silentLogout(callback?: () => void, delayMs?: number): Promise<void>;
  store: {
    getState(): RootState;
    /** Called after every change of the state. Returns an unsubscribe function. */
    subscribe(listener: () => void): () => void;
    /** Called with the selected value when it changes (compared with ===). Returns an unsubscribe function. */
    subscribeStateChanged<T>(
      selector: (state: RootState) => T,
      listener: (value: T, previous: T) => void,
    ): () => void;
  };
  /** Listens to a bus event (the same events the elements dispatch as DOM events). */
  on<K extends BusEventName>(type: K, listener: (payload: BusEvents[K]) => void): () => void;
  /** Throws unless entitlementsOptions.enabled. */
  getEntitlements(query: EntitlementQuery): Entitlement;
  getFeatureEntitlements(featureKey: string): Entitlement;
  getPermissionEntitlements(permissionKey: string): Entitlement;
  loadEntitlements(): Promise<void>;
  /** Evaluates flags (anonymous context unless featureFlagsContext was given). */
  loadFeatureFlags(keys?: string[]): Promise<Record<string, boolean>>;
  /** Loaded flags by key, in the same order; unknown or not yet loaded flags are false. */
  getFeatureFlags(keys: string[]): boolean[];
  /** Rejects with "Failed to load Renderer with themeSetter" when no element of the app renders within 4000 ms. */
  setTheme(theme: ThemeOptions): Promise<void>;
}

const facades = new WeakMap<AuthApp, AuthElementsApp>();

function facadeOf(app: AuthApp): AuthElementsApp {
  const known = facades.get(app);
  if (known) return known;
  let overlay: ReturnType<typeof createAdminPortalOverlay> | null = null;
  const facade: AuthElementsApp = {
    name: app.name,
    ready: app.ready,
    onLoad: (callback) => {
      void app.ready.then(callback);
    },
    showAdminPortal: () => {
      (overlay ??= createAdminPortalOverlay(app)).show();
    },
    hideAdminPortal: () => overlay?.hide(),
    showCheckoutDialog: (options = {}) => {
      const dialog = ensureCheckoutDialog(app);
      if (options.planId) dialog.setAttribute('plan-id', options.planId);
      dialog.setAttribute('open', '');
    },
    hideCheckoutDialog: () => {
      const dialog = ensureCheckoutDialog(app);
      if (!dialog.hasAttribute('open')) return;
      dialog.removeAttribute('open');
      app.bus.emit('checkout:close', { status: 'cancel' });
    },
    loginWithRedirect: () => loginWithRedirect(app),
    logout: () => logoutApp(app),
    silentLogout: (callback, delayMs) => silentLogoutApp(app, callback, delayMs),
    store: {
      getState: () => app.store.getState(),
      subscribe: (listener) => app.store.subscribe(listener),
      subscribeStateChanged: (selector, listener) => {
        let previous = selector(app.store.getState());
        return app.store.subscribe(() => {
          const next = selector(app.store.getState());
          if (next === previous) return;
          const before = previous;
          previous = next;
          listener(next, before);
        });
      },
    },
    on: (type, listener) => {
      const subscription = app.bus.on(type).subscribe(listener);
      return () => subscription.unsubscribe();
    },
    getEntitlements: (query) => getAppEntitlement(app, query),
    getFeatureEntitlements: (featureKey) => getAppEntitlement(app, { featureKey }),
    getPermissionEntitlements: (permissionKey) => getAppEntitlement(app, { permissionKey }),
    loadEntitlements: async () => {
      await app.store.dispatch(loadEntitlements());
    },
    loadFeatureFlags: (keys) => app.store.dispatch(loadFeatureFlags(keys, app.settings.featureFlagsContext)),
    getFeatureFlags: (keys) => keys.map((key) => isFlagOn(app.store.getState().featureFlags.flags, key)),
    setTheme: (theme) => setAppTheme(app, theme),
  };
  facades.set(app, facade);
  return facade;
}

/**
 * Starts (or joins) the app of `appName` and returns its app object. Elements on the page with the
 * same `app-name` attribute (default "default") use this app, its store and its settings. Throws
 * without a base URL (and the page is refused, spec 000 §1) unless in demo mode.
 */
export function initialize({
  appName = DEFAULT_APP_NAME,
  contextOptions,
  localizations,
  locale,
  ...settings
}: InitializeOptions): AuthElementsApp {
  if (localizations) applyLocalizations(localizations);
  if (locale) void setHostLocale(locale);
  const app = getOrCreateApp(appName, contextOptions, { settings: { ...settings } });
  // The app may exist already (an element rendered first): the host's settings still apply.
  Object.assign(app.settings, settings);
  if (settings.themeOptions) app.store.dispatch(themeChanged(settings.themeOptions));
  if (settings.entitlementsOptions?.enabled && app.store.getState().auth.isAuthenticated)
    void app.store.dispatch(loadEntitlements());
  return facadeOf(app);
}

/** The app object of an initialised (or element-created) app, or "[name] AuthElementsApp not found". */
export function getAppByName(name: string = DEFAULT_APP_NAME): AuthElementsApp {
  return facadeOf(getApp(name));
}
