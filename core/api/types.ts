/** Entities of spec 000 §3, as far as the kit reads them. */

export type AuthStrategy =
  'EmailAndPassword' | 'MagicLink' | 'Code' | 'SmsCode' | 'Passkeys' | 'NoLocalAuthentication';

export interface PublicPolicy {
  allowSignups: boolean;
  allowNotVerifiedUsersLogin: boolean;
  apiTokensEnabled: boolean;
  forcePermissions: boolean;
  authStrategy?: AuthStrategy;
  machineToMachineAuthStrategy?: string;
  secondaryStrategies?: Array<{ strategy: string; isActive: boolean }>;
}

export interface PasswordConfig {
  minLength: number;
  maxLength: number;
}

export interface RoleRef {
  id: string;
  key: string;
  name?: string;
}
export interface PermissionRef {
  id: string;
  key: string;
}

export interface User {
  id: string;
  /** The client SDK's ITeamUser.customData (set by an admin), `{}` when none. */
  customData?: Record<string, unknown>;
  /** The user id again (the client SDK's `sub`). */
  sub?: string;
  email: string;
  name?: string;
  phoneNumber?: string | null;
  profilePictureUrl?: string | null;
  tenantId: string;
  tenantIds?: string[];
  /** Each tenant of the user with the roles held there. */
  tenants?: Array<{ tenantId: string; roles: RoleRef[] }>;
  roles: RoleRef[];
  permissions: PermissionRef[];
  verified?: boolean;
  createdAt?: string;
  lastLogin?: string;
  metadata?: string;
  mfaEnrolled?: boolean;
  superUser?: boolean;
  /**
   * The language the user chose (core/domain/locales.ts; the profile page's picker), or null. Not in
   * the client SDK's type (docs/contract.md); the kit shows it when the host chose no language.
   */
  locale?: string | null;
  /** How the account was created: `local`, `scim2`, a social provider's key, `saml` or `oidc`. */
  provider?: string;
}

export interface Tenant {
  id: string;
  tenantId: string;
  name: string;
  isReseller?: boolean;
  metadata?: string;
  vendorId?: string;
  createdAt?: string;
}

/** The login response (spec 000 §3). The refresh token travels only as an httpOnly cookie. */
export interface AuthResponse {
  accessToken?: string;
  /** MFA (spec 000 §3): the user's devices and the vendor's strategies, with an mfaToken. */
  mfaDevices?: MfaDevices;
  mfaStrategies?: MfaStrategyState[];
  /** Shown once after an enrolment or a recovery sign-in: the first code of `recoveryCodes`. */
  recoveryCode?: string;
  /** The whole set of single-use recovery codes, shown once (ours, docs/contract.md). */
  recoveryCodes?: string[];
  expiresIn?: number;
  expires?: string;
  mfaRequired?: boolean;
  mfaToken?: string;
  mfaEnrolled?: boolean;
  /** With mfaRequired: the email of the user the second factor is for. */
  email?: string;
  isBreachedPassword?: boolean;
  redirectLocation?: string;
}

export interface SignUpResponse {
  shouldActivate: boolean;
  userId?: string;
  tenantId?: string;
  user?: Partial<User>;
  authResponse?: AuthResponse;
}

/** Hosted login's token call (spec 000 §7): the authorization-code or the refresh-token grant. */
export type OAuthTokenRequest =
  | {
      grant_type: 'authorization_code';
      client_id: string;
      code: string;
      redirect_uri: string;
      code_verifier: string;
    }
  | { grant_type: 'refresh_token'; client_id: string; refresh_token: string };
/** Spec 000 §3 "Hosted-login token response": id_token, refresh_token, expires_in (and the access token). */
export interface OAuthTokenResponse {
  access_token?: string;
  id_token?: string;
  refresh_token?: string;
  expires_in?: number;
  token_type?: string;
}

/** Spec 000 §3 "Social login config": provider, authorizationUrl (and how to show it). */
export interface SocialProviderConfig {
  provider: string;
  authorizationUrl: string;
  displayName?: string;
  active?: boolean;
  type?: string;
  customised?: boolean;
}
/** Spec 000 §5: code, id_token, redirectUri, code_verifier and state, each only when present. */
export type SocialPostLoginQuery = {
  code?: string;
  id_token?: string;
  redirectUri?: string;
  code_verifier?: string;
  state?: string;
};
/** Spec 000 §3 "Social login result". */
export interface SocialLoginResult {
  email?: string;
  isNewUser?: boolean;
  userId?: string;
  tenantId?: string;
  name?: string;
}

export interface SsoPreLoginResponse {
  address: string;
  idpType?: string;
}

export interface VendorPublicInfo {
  whiteLabelMode: boolean;
}

export interface LoginRequest {
  email: string;
  password: string;
  recaptchaToken?: string;
  invitationToken?: string;
}
export interface SignUpRequest {
  email: string;
  password: string;
  name?: string;
  companyName?: string;
  invitationToken?: string;
  recaptchaToken?: string;
}

/** A link from an email: password reset and activation (spec 000 §2 routes, §7). */
export interface EmailLinkParams {
  userId: string;
  token: string;
}
export interface ResetPasswordRequest extends EmailLinkParams {
  password: string;
}
export interface ActivationStrategy {
  shouldSetPassword: boolean;
}
export interface ActivateAccountRequest extends EmailLinkParams {
  password?: string;
}

/** MFA devices (spec 000 §3): webauthn, phones, authenticators; plus emails (email codes). */
export interface MfaDevices {
  webauthn: Array<{
    id: string;
    /** The client SDK's WebAuthnDeviceType spelling (`clientDeviceType` in core/api/mfa.ts). */
    deviceType: 'Platform' | 'CrossPlatform' | null;
    name?: string | null;
    createdAt?: string;
  }>;
  phones: Array<{ id: string; phoneNumber: string | null; createdAt?: string }>;
  authenticators: Array<{ id: string; name?: string | null; createdAt?: string }>;
  emails?: Array<{ id: string; email: string | null; createdAt?: string }>;
}

export type MfaStrategy =
  'AuthenticatorApp' | 'SMS' | 'EmailCode' | 'WebAuthnPlatform' | 'WebAuthnCrossPlatform';
export interface MfaStrategyState {
  strategy: MfaStrategy | string;
  isActive: boolean;
}

/** What the login box keeps between the password and the second factor. */
export interface MfaLoginInfo {
  mfaToken: string;
  enrolled: boolean;
  devices: MfaDevices;
  strategies: MfaStrategyState[];
  /**
   * Where the sign-in goes after the second factor when its first factor decided it (a social
   * sign-in: a new user's signUpSuccessUrl, or the checked redirectUrl); else the post-login destination.
   */
  afterSignInUrl?: string;
}
