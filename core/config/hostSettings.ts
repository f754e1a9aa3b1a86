import type { FeatureFlagContext } from '../featureFlags/featureFlags';
import type { ThemeOptions } from '../theme/themeOptions';

/**
 * What a host sets for an app beyond the connection (which is ContextOptions): entitlements, the
 * feature-flag context, the theme, texts and the CSP nonce. Given to `initialize()` (vanilla) or to
 * the provider (React); elements from the CDN use the defaults unless a host initialised their app.
 */
export interface HostSettings {
  /** Entitlement checks throw unless enabled (spec 000 §5). Default off. */
  entitlementsOptions?: { enabled: boolean };
  /** Feature flags are evaluated for an anonymous context unless one is given here (spec 000 §1). */
  featureFlagsContext?: FeatureFlagContext;
  themeOptions?: ThemeOptions;
  /** Per-key overrides of the English texts; missing keys stay English (see elements/i18n). */
  localizations?: Record<string, unknown>;
  /** CSP nonce for the style tags the elements insert. */
  nonce?: string;
  /** Sign-out and refreshed tokens are shared with the app's other tabs. Default true. */
  crossTab?: boolean;
  /**
   * The captcha the server's captcha policy asks for (docs/hosts.md "Captcha"): while the policy is
   * on, sign-in, passwordless pre-login, sign-up and password-reset requests carry
   * `recaptchaToken: await getToken(action)` (action `login`, `passwordless`, `signup` or
   * `reset_password`). The host runs the captcha (reCAPTCHA v2/v3, hCaptcha, Turnstile...).
   */
  captchaProvider?: CaptchaProvider;
}

export interface CaptchaProvider {
  getToken(action: string): Promise<string>;
}
