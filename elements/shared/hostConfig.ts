import type { ContextOptions, LogLevel } from '../../core/config/options';
import type { ThemeName } from '../../core/theme/themeOptions';

const THEME_NAMES: ThemeName[] = ['modern', 'dark'];

/** The attributes every element understands; read once, when the element first renders. */
interface HostConfig {
  appName: string;
  contextOptions: ContextOptions;
  nonce: string | undefined;
  primaryColor: string | undefined;
  /** The `theme` attribute: a named base ("modern", "dark") used until the app's theme names one. */
  themeName: ThemeName | undefined;
}

const LOG_LEVELS: LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];
const CREDENTIALS: RequestCredentials[] = ['omit', 'same-origin', 'include'];

/**
 * Reads configuration from the host element's attributes. Boolean attributes such as `demo` are read
 * here rather than through r2wc, which ignores empty attribute values.
 */
export function readHostConfig(host: Element): HostConfig {
  const attr = (name: string) => host.getAttribute(name) ?? undefined;
  const demo = host.hasAttribute('demo') && attr('demo') !== 'false';
  const logLevel = attr('log-level') as LogLevel | undefined;
  const credentials = attr('request-credentials') as RequestCredentials | undefined;
  return {
    appName: attr('app-name') || 'default',
    contextOptions: {
      baseUrl: attr('base-url'),
      urlPrefix: attr('url-prefix'),
      demoMode: demo,
      logLevel: logLevel && LOG_LEVELS.includes(logLevel) ? logLevel : undefined,
      requestCredentials: credentials && CREDENTIALS.includes(credentials) ? credentials : undefined,
      allowedRedirectOrigins: attr('allowed-redirect-origins')
        ?.split(/[\s,]+/)
        .filter(Boolean),
    },
    // A CSP nonce for the style tags emotion inserts; the page's own script nonce is the fallback.
    nonce:
      attr('nonce') ||
      (host.ownerDocument.querySelector('script[nonce]') as HTMLScriptElement | null)?.nonce ||
      undefined,
    ...readHostTheme(host),
  };
}

/** The attributes that style an element, read again whenever they change (ElementRoot observes them). */
export const THEME_ATTRIBUTES = ['theme', 'primary-color'];

/** The `theme` and `primary-color` attributes as they are now. */
export function readHostTheme(host: Element): {
  primaryColor: string | undefined;
  themeName: ThemeName | undefined;
} {
  const theme = host.getAttribute('theme');
  return {
    primaryColor: host.getAttribute('primary-color') || undefined,
    themeName: THEME_NAMES.find((name) => name === theme),
  };
}
