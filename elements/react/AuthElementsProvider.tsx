import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { getOrCreateApp, type AuthApp } from '../../core/app';
import type { HostSettings } from '../../core/config/hostSettings';
import { MISSING_BASE_URL_MESSAGE, refuseToStart, type ContextOptions } from '../../core/config/options';
import { themeChanged } from '../../core/theme/themeSlice';
import { setHostLocale } from '../i18n/locale';
import { applyLocalizations, type Localizations } from '../i18n/localize';
import { AppContext } from '../shared/AppContext';
import { hiddenContentMessage, hidingRoute } from './hostRoutes';

export interface AuthElementsProviderProps extends Omit<HostSettings, 'localizations'> {
  /** Where the identity server lives and how to reach it; `baseUrl` is required (unless demoMode). */
  contextOptions: ContextOptions;
  /** Providers with the same app name share one store and session. Default `default`. */
  appName?: string;
  localizations?: Localizations;
  /**
   * The elements' language (`ja`, `pt-BR`…; docs/i18n.md); changing it re-renders them in the new
   * one. Default: the page's `lang`, then the browser's languages, then English.
   */
  locale?: string;
  children?: ReactNode;
}

const isBrowser = () => typeof document !== 'undefined';

function hasBaseUrl(options: ContextOptions): boolean {
  return options.demoMode === true || !!options.baseUrl?.trim();
}

/**
 * The React host's entry point: creates (or joins) the app for `appName` with the host's options,
 * and gives it to every hook and component below. Renders with the host's own React.
 *
 * - No base URL: the kit refuses to start (spec 000 §1): the page is cleared and an alert tells
 *   the integrator to set the base URL option; nothing is rendered.
 * - On the server nothing touches `window`: no app is created, hooks answer the signed-out,
 *   loading state, and the client creates the app when it hydrates.
 * - The wrapped content is hidden on the authenticated URL and sign-up-success URL paths (spec 000 §2)
 *   when the host configured them (`contextOptions.routes`), never on the default `/`, and the
 *   console says why and how to show it (hostRoutes.ts).
 */
export function AuthElementsProvider({
  contextOptions,
  appName,
  localizations,
  locale,
  children,
  ...settings
}: AuthElementsProviderProps): ReactElement | null {
  const missingBaseUrl = !hasBaseUrl(contextOptions);
  const [app] = useState<AuthApp | null>(() => {
    if (missingBaseUrl || !isBrowser()) return null;
    // Texts first: the elements read them when they first render, right after this.
    if (localizations) applyLocalizations(localizations);
    if (locale) void setHostLocale(locale);
    const created = getOrCreateApp(
      appName,
      { framework: 'react', ...contextOptions },
      { settings: { ...settings } },
    );
    Object.assign(created.settings, settings);
    if (settings.themeOptions) created.store.dispatch(themeChanged(settings.themeOptions));
    return created;
  });
  const [pathname, setPathname] = useState<string | null>(null);
  useEffect(() => {
    if (locale) void setHostLocale(locale);
  }, [locale]);

  useEffect(() => {
    if (missingBaseUrl) refuseToStart();
  }, [missingBaseUrl]);
  useEffect(() => {
    // Read after hydration, so the server's and the client's first render agree.
    const read = () => setPathname(globalThis.location?.pathname ?? null);
    read();
    globalThis.addEventListener?.('popstate', read);
    return () => globalThis.removeEventListener?.('popstate', read);
  }, []);

  const hiddenBy = pathname === null ? null : hidingRoute(pathname, contextOptions.routes ?? {});
  useEffect(() => {
    if (pathname !== null && hiddenBy) console.warn(hiddenContentMessage(pathname, hiddenBy));
  }, [pathname, hiddenBy]);

  if (missingBaseUrl) {
    if (!isBrowser()) console.error(MISSING_BASE_URL_MESSAGE);
    return null;
  }
  const hidden = hiddenBy !== null;
  return <AppContext.Provider value={app}>{hidden ? null : children}</AppContext.Provider>;
}
