import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider, Global, type CSSObject } from '@emotion/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { getOrCreateApp, type AuthApp } from '../../core/app';
import { MissingBaseUrlError, refuseToStart, type RequestSource } from '../../core/config/options';
import { paletteFrom, themeVariables } from '../theme/palette';
import { AppContext } from './AppContext';
import { readHostConfig } from './hostConfig';

/** The loader's marker lives in the element's light DOM until the element has rendered. */
export const LOADING_MARKER_ATTRIBUTE = 'data-auth-elements-loading';

interface Started { app: AuthApp; cache: EmotionCache; variables: Record<string, string>; stopEvents: () => void }

function start(root: ShadowRoot, requestSource: RequestSource): Started | null {
  const host = root.host;
  const config = readHostConfig(host);
  let app: AuthApp;
  try {
    app = getOrCreateApp(config.appName, config.contextOptions, { requestSource });
  } catch (error) {
    if ((error as { kind?: string }).kind === 'MissingBaseUrlError' || error instanceof MissingBaseUrlError) {
      refuseToStart(host.ownerDocument);
      return null;
    }
    throw error;
  }
  // One emotion cache per shadow root: styles go into this root, never into document.head.
  const cache = createCache({ key: 'ae', container: root, nonce: config.nonce, prepend: true });
  // Bridge the bus to DOM events right away, not in an effect: children's effects run before their
  // parent's, and an event emitted by a child on its first render would otherwise be lost.
  const subscription = app.bus.all$.subscribe(({ type, payload }) => {
    host.dispatchEvent(new CustomEvent(type, { detail: payload }));
  });
  return { app, cache, variables: themeVariables(paletteFrom(config.primaryColor)), stopEvents: () => subscription.unsubscribe() };
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
export function ElementRoot({ container, requestSource, children }: { container: ShadowRoot; requestSource: RequestSource; children: ReactNode }) {
  const started = useMemo(() => start(container, requestSource), [container, requestSource]);
  const host = container.host as HTMLElement;

  useEffect(() => {
    host.querySelectorAll(`[${LOADING_MARKER_ATTRIBUTE}]`).forEach((marker) => marker.remove());
    return () => started?.stopEvents();
  }, [host, started]);

  if (!started) return null;
  return (
    <CacheProvider value={started.cache}>
      <Global styles={hostStyles(started.variables)} />
      <AppContext.Provider value={started.app}>{children}</AppContext.Provider>
    </CacheProvider>
  );
}
