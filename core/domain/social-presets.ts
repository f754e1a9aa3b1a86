/**
 * Built-in social login providers (issue 28 item 14): the common providers with their endpoints,
 * scopes and user-info fields known, so a vendor configures one with its key, a client id and a
 * secret (`SOCIAL_PROVIDERS='[{"key":"github","clientId":"…","clientSecret":"…","redirectUris":[…]}]'`).
 * One table for the server (server/domain/social.ts completes a configuration from it), the demo
 * and the kit; browser-safe (no Node.js built-ins).
 *
 * Apple is not here: it answers a sign-in that asks for the email by a form POST to the redirect
 * address (`response_mode=form_post`), which the kit's callback page (a GET route) cannot read, and
 * its client secret is a JWT the vendor signs; configure it by hand if a backend route receives it.
 */

/** Where a plain OAuth 2.0 provider's user-info answer keeps the person's fields (first present wins). */
export interface UserInfoFields {
  subject: readonly string[];
  email: readonly string[];
  name: readonly string[];
}

interface PresetBase {
  key: string;
  displayName: string;
  scopes: string;
  /** How the client authenticates at the token endpoint; default HTTP Basic. */
  tokenAuth?: 'client_secret_basic' | 'client_secret_post';
}

/** An OpenID Connect provider: endpoints and keys come from the issuer's discovery document. */
interface OidcPreset extends PresetBase {
  protocol: 'oidc';
  issuer: string;
}

/** A plain OAuth 2.0 provider: the three endpoints, and where the user-info answer keeps the fields. */
interface OAuth2Preset extends PresetBase {
  protocol: 'oauth2';
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
  userinfoFields?: UserInfoFields;
  /**
   * A list of the person's addresses with their verification (`[{ email, primary, verified }]`),
   * read when the user-info answer has no address or cannot say it is verified.
   */
  emailsEndpoint?: string;
}

type SocialPreset = OidcPreset | OAuth2Preset;

/** The standard fields, and the user-info answers of providers that have no `sub`. */
const DEFAULT_USERINFO_FIELDS: UserInfoFields = {
  subject: ['sub', 'id'],
  email: ['email'],
  name: ['name'],
};

const PRESETS: readonly SocialPreset[] = [
  {
    key: 'google',
    displayName: 'Google',
    protocol: 'oidc',
    issuer: 'https://accounts.google.com',
    scopes: 'openid email profile',
  },
  {
    key: 'github',
    displayName: 'GitHub',
    protocol: 'oauth2',
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userinfoEndpoint: 'https://api.github.com/user',
    emailsEndpoint: 'https://api.github.com/user/emails',
    scopes: 'read:user user:email',
  },
  {
    // Work, school and personal accounts ("common"): their ID tokens name each directory as issuer,
    // so the person is read from Microsoft Graph rather than from an ID token.
    key: 'microsoft',
    displayName: 'Microsoft',
    protocol: 'oauth2',
    authorizationEndpoint: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenEndpoint: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    userinfoEndpoint: 'https://graph.microsoft.com/v1.0/me',
    userinfoFields: { subject: ['id'], email: ['mail', 'userPrincipalName'], name: ['displayName'] },
    scopes: 'User.Read',
    tokenAuth: 'client_secret_post',
  },
  {
    key: 'facebook',
    displayName: 'Facebook',
    protocol: 'oauth2',
    authorizationEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoEndpoint: 'https://graph.facebook.com/v19.0/me?fields=id,name,email',
    scopes: 'email public_profile',
    tokenAuth: 'client_secret_post',
  },
  {
    key: 'linkedin',
    displayName: 'LinkedIn',
    protocol: 'oidc',
    issuer: 'https://www.linkedin.com/oauth',
    scopes: 'openid email profile',
    tokenAuth: 'client_secret_post',
  },
  {
    key: 'slack',
    displayName: 'Slack',
    protocol: 'oidc',
    issuer: 'https://slack.com',
    scopes: 'openid email profile',
    tokenAuth: 'client_secret_post',
  },
  {
    key: 'gitlab',
    displayName: 'GitLab',
    protocol: 'oidc',
    issuer: 'https://gitlab.com',
    scopes: 'openid email profile',
  },
];

/** The keys with a preset, in the table's order. */
export const SOCIAL_PRESET_KEYS: readonly string[] = PRESETS.map((p) => p.key);

/** The built-in provider with this key, or undefined. */
export function socialPreset(key: string): SocialPreset | undefined {
  return PRESETS.find((p) => p.key === key);
}

/** The fields a vendor may give for a provider (server/domain/social.ts SocialProviderConfig). */
interface ProviderFields {
  key: string;
  displayName?: string | undefined;
  custom?: boolean | undefined;
  issuer?: string | undefined;
  authorizationEndpoint?: string | undefined;
  tokenEndpoint?: string | undefined;
  userinfoEndpoint?: string | undefined;
  scopes?: string | undefined;
}

/** A configuration completed from its preset. */
interface CompletedProvider {
  displayName: string;
  protocol: 'oidc' | 'oauth2';
  issuer: string | null;
  authorizationEndpoint: string | null;
  tokenEndpoint: string | null;
  userinfoEndpoint: string | null;
  emailsEndpoint: string | null;
  userinfoFields: UserInfoFields | null;
  scopes: string;
  tokenAuth: 'client_secret_basic' | 'client_secret_post';
}

/**
 * Completes a provider's configuration: a built-in key (not a custom provider) with neither an
 * issuer nor endpoints takes its preset's; what the vendor gives (display name, scopes, or every
 * endpoint of its own) wins. Null when neither an issuer nor the three endpoints are known.
 */
export function completeProvider(given: ProviderFields): CompletedProvider | null {
  const ownEndpoints = Boolean(given.issuer || given.authorizationEndpoint || given.tokenEndpoint);
  const preset = given.custom || ownEndpoints ? undefined : socialPreset(given.key);
  const displayName = given.displayName ?? preset?.displayName ?? given.key;
  const tokenAuth = preset?.tokenAuth ?? 'client_secret_basic';
  if (preset?.protocol === 'oidc' || (!preset && given.issuer)) {
    return {
      displayName,
      protocol: 'oidc',
      issuer: preset?.protocol === 'oidc' ? preset.issuer : given.issuer!,
      authorizationEndpoint: null,
      tokenEndpoint: null,
      userinfoEndpoint: null,
      emailsEndpoint: null,
      userinfoFields: null,
      scopes: given.scopes ?? preset?.scopes ?? 'openid email profile',
      tokenAuth,
    };
  }
  const endpoints = preset?.protocol === 'oauth2' ? preset : given;
  if (!(endpoints.authorizationEndpoint && endpoints.tokenEndpoint && endpoints.userinfoEndpoint))
    return null;
  return {
    displayName,
    protocol: 'oauth2',
    issuer: null,
    authorizationEndpoint: endpoints.authorizationEndpoint,
    tokenEndpoint: endpoints.tokenEndpoint,
    userinfoEndpoint: endpoints.userinfoEndpoint,
    emailsEndpoint: preset?.protocol === 'oauth2' ? (preset.emailsEndpoint ?? null) : null,
    userinfoFields: preset?.protocol === 'oauth2' ? (preset.userinfoFields ?? null) : null,
    scopes: given.scopes ?? preset?.scopes ?? 'email',
    tokenAuth,
  };
}

/** The person in a plain OAuth 2.0 user-info answer, read through the provider's fields. */
export function personFromUserInfo(
  info: Record<string, unknown>,
  fields: UserInfoFields | null,
): { subject: string | null; email: string | null; name: string | null; emailVerified: boolean } {
  const pick = (names: readonly string[]) =>
    names.map((n) => info[n]).find((v) => (typeof v === 'string' && v !== '') || typeof v === 'number');
  const f = fields ?? DEFAULT_USERINFO_FIELDS;
  const subject = pick(f.subject);
  const email = pick(f.email);
  const name = pick(f.name);
  return {
    subject: subject === undefined ? null : String(subject),
    email: typeof email === 'string' ? email : null,
    name: typeof name === 'string' ? name : null,
    emailVerified: info.email_verified !== false,
  };
}

/** The primary verified address of an emails list (`[{ email, primary, verified }]`), else any verified one. */
export function verifiedEmailOf(list: unknown): string | null {
  if (!Array.isArray(list)) return null;
  const verified = list.filter(
    (e): e is { email: string; primary?: unknown } =>
      typeof e === 'object' &&
      e !== null &&
      (e as { verified?: unknown }).verified === true &&
      typeof (e as { email?: unknown }).email === 'string',
  );
  return (verified.find((e) => e.primary === true) ?? verified[0])?.email ?? null;
}
