import { useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { AuthApp } from '../../core/app';
import type { BusEventName, BusEvents } from '../../core/bus';
import type { HostSettings } from '../../core/config/hostSettings';
import type { ResolvedOptions } from '../../core/config/options';
import { initialAuthState, type AuthState } from '../../core/store/auth/authSlice';
import { refreshSession } from '../../core/store/auth/thunks';
import { getAppEntitlement } from '../../core/entitlements/appEntitlements';
import type { Entitlement, EntitlementQuery } from '../../core/entitlements/entitlements';
import { loadEntitlements } from '../../core/entitlements/thunks';
import { isFlagOn } from '../../core/featureFlags/featureFlags';
import { loadFeatureFlags } from '../../core/featureFlags/thunks';
import { loginWithRedirect, logoutApp, silentLogoutApp } from '../../core/session/loginWithRedirect';
import type { RootState } from '../../core/store/store';
import type { ThemeOptions } from '../../core/theme/themeOptions';
import { AppContext } from '../shared/AppContext';
import { setAppTheme } from '../theme/setAppTheme';

/** The provider's app; null on the server and outside a provider. */
export function useAuthElementsApp(): AuthApp | null {
  return useContext(AppContext);
}

/**
 * The provider's app as `auth-elements/react` gives it to hosts (`useAuthElementsApp()`): its
 * name, options, settings, first-session promise, a read-only view of the store and the bus. The
 * package's declarations then name no Redux or RxJS type (React is the only peer dependency).
 */
export interface AuthElementsAppHandle {
  readonly name: string;
  readonly options: ResolvedOptions;
  readonly settings: HostSettings;
  /** Resolves when the first session check has answered, with whether the user is signed in. */
  readonly ready: Promise<boolean>;
  readonly store: {
    getState(): RootState;
    /** Called after every change of the state. Returns an unsubscribe function. */
    subscribe(listener: () => void): () => void;
  };
  readonly bus: {
    /** The bus events of this app (the same the elements dispatch as DOM events). */
    on<K extends BusEventName>(
      type: K,
    ): { subscribe(next: (payload: BusEvents[K]) => void): { unsubscribe(): void } };
  };
}

const noSubscription = () => () => {};

/**
 * A selected value of the app's store, re-rendered when it changes. On the server there is no app
 * (the provider creates it in the browser only) and the value is `fallback`: the signed-out,
 * loading state, which is also what a fresh app holds when the client hydrates.
 */
function useAppState<T>(selector: (state: RootState) => T, fallback: T): T {
  const app = useAuthElementsApp();
  const read = () => (app ? selector(app.store.getState()) : fallback);
  return useSyncExternalStore(app ? app.store.subscribe : noSubscription, read, read);
}

/** The auth state: isLoading, isAuthenticated, user, tenants, activeTenant, loginState… */
export function useAuth(): AuthState {
  return useAppState((s) => s.auth, initialAuthState);
}
export const useAuthUser = () => useAuth().user;
export const useIsAuthenticated = () => useAuth().isAuthenticated;

/** Sends a signed-out user to the login route with a redirectUrl back here. */
export function useLoginWithRedirect(): () => void {
  const app = useAuthElementsApp();
  return useCallback(() => {
    if (app) loginWithRedirect(app);
  }, [app]);
}

/** Signs out (every tab of the app follows). */
export function useLogout(): () => Promise<void> {
  const app = useAuthElementsApp();
  return useCallback(() => (app ? logoutApp(app) : Promise.resolve()), [app]);
}

/** The auth actions in one object. */
export function useAuthActions() {
  const app = useAuthElementsApp();
  const login = useLoginWithRedirect();
  const logout = useLogout();
  return useMemo(
    () => ({
      loginWithRedirect: login,
      logout,
      /** Signs out without leaving the page; calls `callback` after `delayMs` (default 500 ms). */
      silentLogout: (callback?: () => void, delayMs?: number) =>
        app ? silentLogoutApp(app, callback, delayMs) : Promise.resolve(),
      /** Refreshes the session now (one request however many callers). */
      refreshSession: () => (app ? app.store.dispatch(refreshSession()) : Promise.resolve(false)),
      reloadEntitlements: () => (app ? app.store.dispatch(loadEntitlements()) : Promise.resolve(null)),
      /** Waits up to 4000 ms for a rendered element, else rejects "Failed to load Renderer with themeSetter". */
      setTheme: (theme: ThemeOptions) =>
        app ? setAppTheme(app, theme) : Promise.reject(new Error('No Auth Elements app')),
    }),
    [app, login, logout],
  );
}

const NOT_LOADED: Entitlement = { isEntitled: false };

/**
 * The entitlement for a feature key and/or a permission key (spec 000 §3, §5). Throws "You must
 * first enable entitlements via Auth Elements options to use this function" unless the provider has
 * `entitlementsOptions={{ enabled: true }}`. Signed out, or before they load: not entitled.
 */
export function useEntitlements(query: EntitlementQuery): Entitlement {
  const app = useAuthElementsApp();
  const data = useAppState((s) => s.entitlements, null);
  if (!app) return NOT_LOADED;
  void data; // re-render on change; the decision reads the store
  return getAppEntitlement(app, query);
}
export const useFeatureEntitlements = (featureKey: string) => useEntitlements({ featureKey });
export const usePermissionEntitlements = (permissionKey: string) => useEntitlements({ permissionKey });

/**
 * Feature flags by key, in the same order; off until loaded. Evaluated for an anonymous context
 * unless the provider was given `featureFlagsContext` (spec 000 §1). Each missing key is loaded once.
 */
export function useFeatureFlag(keys: string[]): boolean[] {
  const app = useAuthElementsApp();
  const flags = useAppState((s) => s.featureFlags.flags, EMPTY_FLAGS);
  const wanted = keys.join('\n');
  useEffect(() => {
    if (!app) return;
    const missing = wanted
      .split('\n')
      .filter((key) => key && !Object.hasOwn(app.store.getState().featureFlags.flags, key));
    if (missing.length) void app.store.dispatch(loadFeatureFlags(missing, app.settings.featureFlagsContext));
  }, [app, wanted]);
  return keys.map((key) => isFlagOn(flags, key));
}
const EMPTY_FLAGS: Record<string, boolean> = {};
