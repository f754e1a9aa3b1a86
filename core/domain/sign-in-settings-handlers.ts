/**
 * The public settings the login box reads before anyone signs in (spec 000 §7): the public policy,
 * the sign-in methods, the password policy (both shapes), the captcha policy, SSO's availability
 * and the vendor's public info, the application's addresses, written once for the server and demo
 * mode (core/domain/handlers.ts). With a login alias (custom login per account) the methods are
 * that account's (the public policy's `authStrategy` its first). What differs between the backends
 * is a port: where the application's settings are kept.
 */
import { signInAddress } from './account-links';
import { answer, type PublicHandlers } from './handlers';
import { accountOfLoginAlias, type LoginAliasPort } from './login-alias';
import {
  accountSignInMethods,
  allows,
  strategiesAnswer,
  vendorSignInMethods,
  type SignInMethodPorts,
} from './sign-in-methods';

/** The application's settings the public reads answer. */
export interface PublicSettings {
  allowSignups: boolean;
  allowNotVerifiedUsersLogin: boolean;
  apiTokensEnabled: boolean;
  forcePermissions: boolean;
  authStrategy: string;
  machineToMachineAuthStrategy: string;
  whiteLabelMode: boolean;
  passwordMinLength: number;
  passwordMaxLength: number;
}

export interface SignInSettingsPorts {
  settings(): Promise<PublicSettings>;
  /** The vendor's name, as the client SDK's vendor info shows it. */
  vendorName(): Promise<string>;
  methods: SignInMethodPorts;
  /** The accounts' custom logins, and the alias the request names (the login-alias header). */
  loginAlias: { port: LoginAliasPort; alias: string | undefined };
  /** The captcha policy without its secret, `{ enabled: false }` before any is saved. */
  captchaPolicy(): Promise<object>;
  /** The application's address (where emailed links point). */
  appUrl(): string;
  /**
   * The active account of the request's bearer, null without one; a bearer that does not verify is
   * refused (401) as on every route, not silently read as a guest.
   */
  bearerAccount(): Promise<string | null>;
}

/** The sign-in methods the login box offers: the application's, or the login alias's account's. */
async function offeredMethods(p: SignInSettingsPorts) {
  const tenantId = await accountOfLoginAlias(p.loginAlias.port, p.loginAlias.alias);
  return tenantId ? accountSignInMethods(p.methods, tenantId) : vendorSignInMethods(p.methods);
}

/**
 * GET /configurations/v1/public: `authStrategy` is the first sign-in method (the application's, or
 * the login alias's account's), the Passkeys secondary strategy its passkeys switch.
 */
async function publicPolicy(p: SignInSettingsPorts) {
  const settings = await p.settings();
  const methods = await offeredMethods(p);
  return {
    allowSignups: settings.allowSignups,
    allowNotVerifiedUsersLogin: settings.allowNotVerifiedUsersLogin,
    apiTokensEnabled: settings.apiTokensEnabled,
    forcePermissions: settings.forcePermissions,
    authStrategy: methods.main[0] ?? settings.authStrategy,
    machineToMachineAuthStrategy: settings.machineToMachineAuthStrategy,
    secondaryStrategies: [{ strategy: 'Passkeys', isActive: allows(methods, 'Passkeys') }],
  };
}

export const SIGN_IN_SETTINGS_HANDLERS: PublicHandlers<SignInSettingsPorts> = {
  getConfigurationsPublic: async (p) => answer(await publicPolicy(p)),
  // The client SDK's read of the methods (`{ mainAuthStrategies, secondaryAuthStrategies }`).
  getConfigurationsAuthStrategiesPublic: async (p) => answer(strategiesAnswer(await offeredMethods(p))),
  // Our policy is lengths and the breach list: no passphrases, no optional character tests.
  async getConfigurationsPassword(p) {
    const { passwordMinLength, passwordMaxLength } = await p.settings();
    return answer({
      allowPassphrases: false,
      minLength: passwordMinLength,
      maxLength: passwordMaxLength,
      minPhraseLength: passwordMinLength,
      minOptionalTestsToPass: 0,
    });
  },
  async getUsersPasswordsConfig(p) {
    const { passwordMinLength, passwordMaxLength } = await p.settings();
    return answer({ minLength: passwordMinLength, maxLength: passwordMaxLength });
  },
  getConfigurationsCaptchaPolicyPublic: async (p) => answer(await p.captchaPolicy()),
  // Tenant SSO is built: the login box may offer it.
  getTeamSsoConfigurationsPublic: async () => answer({ isActive: true }),
  // The client SDK's vendor info; no logo or icon is kept ('' : none).
  async getVendorsPublic(p) {
    const { whiteLabelMode } = await p.settings();
    return answer({ name: await p.vendorName(), logo: '', icon: '', whiteLabelMode });
  },
  // The client SDK's getPublicSettings: the application's address and its sign-in page, nothing
  // secret; the caller's active account only with a bearer.
  async getTenantsAccountSettingsPublic(p) {
    const tenantId = await p.bearerAccount();
    const applicationUrl = p.appUrl();
    return answer({
      ...(tenantId ? { tenantId } : {}),
      applicationUrl,
      loginUrl: signInAddress(applicationUrl),
    });
  },
};
