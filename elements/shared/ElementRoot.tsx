import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider, Global, type CSSObject } from '@emotion/react';
import { useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { getOrCreateApp, type AuthApp } from '../../core/app';
import { MissingBaseUrlError, refuseToStart, type RequestSource } from '../../core/config/options';
import { rendererMounted, rendererUnmounted, selectThemeOptions } from '../../core/theme/themeSlice';
import { AUTOFILL_SLOT, startAutofillMirror } from '../login-box/autofill';
import { PoweredBy } from '../theme/PoweredBy';
import { themeVariablesFor } from '../theme/theme';
import { AppContext } from './AppContext';
import { readHostConfig } from './hostConfig';

/** The loader's marker lives in the element's light DOM until the element has rendered. */
export const LOADING_MARKER_ATTRIBUTE = 'data-auth-elements-loading';

interface Started {
  app: AuthApp;
  cache: EmotionCache;
  primaryColor: string | undefined;
  stopEvents: () => void;
}

/** `provided`: the app of a React host's provider (the element is rendered by the host's React). */
function start(root: ShadowRoot, requestSource: RequestSource, provided: AuthApp | null): Started | null {
  const host = root.host;
  const config = readHostConfig(host);
  let app: AuthApp;
  try {
    app = provided ?? getOrCreateApp(config.appName, config.contextOptions, { requestSource });
  } catch (error) {
    if ((error as { kind?: string }).kind === 'MissingBaseUrlError' || error instanceof MissingBaseUrlError) {
      refuseToStart(host.ownerDocument);
      return null;
    }
    throw error;
  }
  // One emotion cache per shadow root: styles go into this root, never into document.head.
  const nonce = host.getAttribute('nonce') || app.settings.nonce || config.nonce;
  const cache = createCache({ key: 'ae', container: root, nonce, prepend: true });
  // Bridge the bus to DOM events right away, not in an effect: children's effects run before their
  // parent's, and an event emitted by a child on its first render would otherwise be lost.
  const subscription = app.bus.all$.subscribe(({ type, payload }) => {
    host.dispatchEvent(new CustomEvent(type, { detail: payload }));
  });
  return { app, cache, primaryColor: config.primaryColor, stopEvents: () => subscription.unsubscribe() };
}

const hostStyles = (variables: Record<string, string>): CSSObject => ({
  ':host': {
    // Reset what the host page would otherwise pass down by inheritance.
    all: 'initial' as const,
    display: 'block',
    ...variables,
    fontFamily: 'var(--ae-font-family)',
    fontSize: 'var(--ae-font-size)',
    lineHeight: 1.5,
    color: 'var(--ae-color-text)',
  },
  ':host([hidden])': { display: 'none' },
  '*, *::before, *::after': { boxSizing: 'border-box' },
  // Spacing comes from the layouts' gaps, not from default paragraph margins.
  p: { margin: 0 },
});

/**
 * The root of every element: the app (store, bus), the emotion cache inside the element's own
 * shadow root, the theme variables on :host, and the bus re-dispatched as DOM events on the element.
 */
export function ElementRoot({
  container,
  requestSource,
  children,
}: {
  container: ShadowRoot;
  requestSource: RequestSource;
  children: ReactNode;
}) {
  const provided = useContext(AppContext);
  const started = useMemo(
    () => start(container, requestSource, provided),
    [container, requestSource, provided],
  );
  const host = container.host as HTMLElement;
  const store = started?.app.store;
  // The theme lives in the app's store, so setTheme() re-renders every element of the app.
  const themeOptions = useSyncExternalStore(
    (listener) => store?.subscribe(listener) ?? (() => {}),
    () => (store ? selectThemeOptions(store.getState()) : undefined),
    () => (store ? selectThemeOptions(store.getState()) : undefined),
  );
  const variables = useMemo(
    () => themeVariablesFor(themeOptions, started?.primaryColor),
    [themeOptions, started],
  );

  useEffect(() => {
    host.querySelectorAll(`[${LOADING_MARKER_ATTRIBUTE}]`).forEach((marker) => marker.remove());
    if (!started) return undefined;
    const { app } = started;
    // Each rendered element is a "renderer" that applies the theme: setTheme() waits for one.
    app.store.dispatch(rendererMounted());
    const stopAutofill =
      requestSource === 'login-box'
        ? startAutofillMirror(host, container, {
            isSignedIn: () => app.store.getState().auth.isAuthenticated,
            onLogin: (listener) => {
              const s = app.bus.on('auth:login').subscribe(listener);
              return () => s.unsubscribe();
            },
            onLogout: (listener) => {
              const s = app.bus.on('auth:logout').subscribe(listener);
              return () => s.unsubscribe();
            },
          })
        : () => {};
    return () => {
      stopAutofill();
      app.store.dispatch(rendererUnmounted());
      started.stopEvents();
    };
  }, [host, container, requestSource, started]);

  if (!started) return null;
  return (
    <CacheProvider value={started.cache}>
      <Global styles={hostStyles(variables)} />
      <AppContext.Provider value={started.app}>
        {children}
        {requestSource === 'login-box' && <PoweredBy app={started.app} />}
        {/* The light-DOM mirror of the login fields for password managers (login-box/autofill.ts). */}
        {requestSource === 'login-box' && <slot name={AUTOFILL_SLOT} />}
      </AppContext.Provider>
    </CacheProvider>
  );
}
