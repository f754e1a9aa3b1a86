import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider, Global, css, type CSSObject } from '@emotion/react';
import {
  Children,
  cloneElement,
  isValidElement,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { getOrCreateApp, type AuthApp } from '../../core/app';
import { MissingBaseUrlError, refuseToStart, type RequestSource } from '../../core/config/options';
import type { ThemeName } from '../../core/theme/themeOptions';
import { rendererMounted, rendererUnmounted, selectThemeOptions } from '../../core/theme/themeSlice';
import {
  isRtl,
  localeVersion,
  currentLocale,
  setLocale,
  setSavedLocale,
  subscribeLocale,
} from '../i18n/locale';
import { AUTOFILL_SLOT, startAutofillMirror } from '../login-box/autofill';
import { PoweredBy } from '../theme/PoweredBy';
import { themeVariablesFor } from '../theme/theme';
import { AppContext } from './AppContext';
import { THEME_ATTRIBUTES, readHostConfig, readHostTheme } from './hostConfig';

/** The loader's marker lives in the element's light DOM until the element has rendered. */
const LOADING_MARKER_ATTRIBUTE = 'data-auth-elements-loading';

interface Started {
  app: AuthApp;
  cache: EmotionCache;
  stopEvents: () => void;
}

/** The host attributes an element follows while it lives. */
const OBSERVED = [...THEME_ATTRIBUTES, 'locale'];

/**
 * The host's `theme`, `primary-color` and `locale`, kept current: a page that switches to dark sets
 * `theme="dark"` on a live element and the element follows (a MutationObserver on those).
 */
function useHostTheme(host: Element): {
  primaryColor: string | undefined;
  themeName: ThemeName | undefined;
  locale: string | undefined;
} {
  const key = useSyncExternalStore(
    (listener) => {
      const observer = new MutationObserver(listener);
      observer.observe(host, { attributes: true, attributeFilter: OBSERVED });
      return () => observer.disconnect();
    },
    () => OBSERVED.map((name) => host.getAttribute(name) ?? '').join('\n'),
    () => '',
  );
  return useMemo(
    () => ({ ...readHostTheme(host), locale: host.getAttribute('locale') || undefined }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is what the attributes say now
    [host, key],
  );
}

/**
 * Asks for the host's `locale` attribute as the page's language: at once on the first render (before
 * the first paint), then when it changes. Returns the texts' version, which changes with the language
 * (or when late texts arrive) and ends in `+` while a language is loading.
 */
function useLocale(attribute: string | undefined): string {
  useState(() => setLocale(attribute));
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current || attribute) void setLocale(attribute, true);
    mounted.current = true;
  }, [attribute]);
  return useSyncExternalStore(subscribeLocale, localeVersion, localeVersion);
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
  return {
    app,
    cache,
    stopEvents: () => subscription.unsubscribe(),
  };
}

/**
 * The theme variables live on :host, where a host-page rule on the tag overrides them (README
 * "Styling"). The host element's other properties are not ours to keep: a page rule on it (the tag,
 * `*`) wins over :host, with `!important` too, so the typography is not set here (see rootStyle).
 */
const hostStyles = (variables: Record<string, string>): CSSObject => ({
  ':host': {
    all: 'initial' as const,
    display: 'block',
    ...variables,
  },
  ':host([hidden])': { display: 'none' },
  '*, *::before, *::after': { boxSizing: 'border-box' },
  // Spacing comes from the layouts' gaps, not from default paragraph margins.
  p: { margin: 0 },
});

/**
 * The element's own root inside its shadow tree, around everything it renders. No page rule can
 * select it, so its declarations always apply: `all: initial` cuts every inherited property off from
 * the host element (whose colour or font a page may force, e.g. `* { color: red !important }`), then
 * the kit's typography is set from the theme variables. Custom properties are untouched by `all`,
 * so `--ae-*` set on the tag still reach every part; `::part` rules still apply to the parts.
 */
const rootStyle = css({
  all: 'initial',
  display: 'block',
  fontFamily: 'var(--ae-font-family)',
  fontSize: 'var(--ae-font-size)',
  lineHeight: 1.5,
  color: 'var(--ae-color-text)',
});

/**
 * The root of every element: the app (store, bus), the emotion cache inside the element's own
 * shadow root, the theme variables on :host, the typography on an inner root that host-page CSS
 * cannot reach, and the bus re-dispatched as DOM events on the element.
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
  // The `theme` attribute names the base until the app's theme (setTheme, themeOptions) names one.
  const { themeName, primaryColor, locale: askedLocale } = useHostTheme(host);
  const texts = useLocale(askedLocale);
  // The signed-in user's saved language (their profile's picker), when the host chose none.
  useEffect(() => {
    if (!store) return undefined;
    const follow = () => void setSavedLocale(store.getState().auth.user?.locale);
    follow();
    return store.subscribe(follow);
  }, [store]);
  // Until the first language asked for has its texts, the loader's marker stays (no English flash).
  const ready = !texts.startsWith('0+');
  // New texts (another language, a late catalogue): the screens render again in place, keeping their
  // state (typed values, the open dialog), and read the texts anew. A copy of the children is a new
  // element, which React does not skip, and neither anything under it (the kit has no memo()).
  const rendered = useMemo(
    () => Children.map(children, (child) => (isValidElement(child) ? cloneElement(child) : child)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `texts` is what the copy is for
    [children, texts],
  );
  const variables = useMemo(
    () =>
      themeVariablesFor(
        themeOptions?.name || !themeName ? themeOptions : { ...themeOptions, name: themeName },
        primaryColor,
      ),
    [themeOptions, themeName, primaryColor],
  );

  useEffect(() => {
    if (ready) host.querySelectorAll(`[${LOADING_MARKER_ATTRIBUTE}]`).forEach((marker) => marker.remove());
  }, [host, ready]);
  useEffect(() => {
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

  if (!started || !ready) return null;
  const locale = currentLocale();
  return (
    <CacheProvider value={started.cache}>
      <Global styles={hostStyles(variables)} />
      <AppContext.Provider value={started.app}>
        <div css={rootStyle} lang={locale} dir={isRtl(locale) ? 'rtl' : 'ltr'}>
          {rendered}
          {requestSource === 'login-box' && <PoweredBy app={started.app} />}
          {/* The light-DOM mirror of the login fields for password managers (login-box/autofill.ts). */}
          {requestSource === 'login-box' && <slot name={AUTOFILL_SLOT} />}
        </div>
      </AppContext.Provider>
    </CacheProvider>
  );
}
