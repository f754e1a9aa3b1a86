import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { HttpClient } from './http';
import type { AuthResponse, MfaStrategyState } from './types';

const AUTH_V1 = '/identity/resources/auth/v1';
const AUTH_V2 = '/identity/resources/auth/v2';
const MFA = `${AUTH_V1}/user/mfa`;
const PASSKEYS = '/identity/resources/users/webauthn/v1/devices';
const CONFIG_V1 = '/identity/resources/configurations/v1';

export type DeviceType = 'platform' | 'cross-platform';

/** The DeviceType a device list's `deviceType` stands for (either spelling; unknown: cross-platform). */
export const kitDeviceType = (type: string | null | undefined): DeviceType =>
  type?.toLowerCase() === 'platform' ? 'platform' : 'cross-platform';
export interface OtcAnswer {
  otcToken: string;
  phoneNumber?: string;
}
export interface WebAuthnRegistration {
  options: PublicKeyCredentialCreationOptionsJSON;
  webauthnToken: string;
}
export interface WebAuthnAuthentication {
  options: PublicKeyCredentialRequestOptionsJSON;
  webauthnToken: string;
}
interface PasskeyDevice {
  id: string;
  /** The client SDK's spelling (not the DeviceType the kit sends). */
  deviceType: 'Platform' | 'CrossPlatform';
  name?: string | null;
  createdAt?: string;
  lastUsedAt?: string | null;
}

/**
 * Login-time MFA, passkeys and account MFA (spec 000 §7). Loaded lazily with the MFA, passkey and
 * privacy screens: the plain sign-in page does not download it. Calls that end a sign-in set the
 * refresh cookie, so they send credentials.
 */
export function createMfaApi(http: HttpClient) {
  const withCookie = { credentials: 'include' as const };
  return {
    // login: authenticator app
    verifyAuthenticator: (body: { mfaToken: string; value: string; rememberDevice?: boolean }) =>
      http.post<AuthResponse>(`${MFA}/verify`, body, withCookie),
    enrollAuthenticator: (mfaToken: string) =>
      http.post<{ qrCode: string; secret: string }>(`${MFA}/authenticator/enroll`, { mfaToken }, withCookie),
    verifyAuthenticatorEnrollment: (body: { mfaToken: string; token: string }) =>
      http.post<AuthResponse>(`${MFA}/authenticator/enroll/verify`, body, withCookie),
    // login: recovery
    recover: (body: { mfaToken: string; recoveryCode: string }) =>
      http.post<AuthResponse>(`${MFA}/recover`, body, withCookie),
    // login: SMS
    preEnrollSms: (body: { mfaToken: string; phoneNumber: string }) =>
      http.post<OtcAnswer>(`${MFA}/sms/enroll`, body, withCookie),
    enrollSms: (body: { mfaToken: string; otcToken: string; code: string }) =>
      http.post<AuthResponse>(`${MFA}/sms/enroll/verify`, body, withCookie),
    preVerifySms: (deviceId: string, mfaToken: string) =>
      http.post<OtcAnswer>(`${MFA}/sms/${encodeURIComponent(deviceId)}`, { mfaToken }, withCookie),
    verifySms: (
      deviceId: string,
      body: { mfaToken: string; otcToken: string; code: string; rememberDevice?: boolean },
    ) => http.post<AuthResponse>(`${MFA}/sms/${encodeURIComponent(deviceId)}/verify`, body, withCookie),
    // login: email code
    preEnrollEmailCode: (mfaToken: string) =>
      http.post<OtcAnswer>(`${MFA}/emailcode/enroll`, { mfaToken }, withCookie),
    enrollEmailCode: (body: { mfaToken: string; otcToken: string; code: string }) =>
      http.post<AuthResponse>(`${MFA}/emailcode/enroll/verify`, body, withCookie),
    preVerifyEmailCode: (mfaToken: string) =>
      http.post<OtcAnswer>(`${MFA}/emailcode`, { mfaToken }, withCookie),
    verifyEmailCode: (body: { mfaToken: string; otcToken: string; code: string; rememberDevice?: boolean }) =>
      http.post<AuthResponse>(`${MFA}/emailcode/verify`, body, withCookie),
    // login: WebAuthn as a second factor
    preEnrollWebAuthn: (mfaToken: string, deviceType: DeviceType) =>
      http.post<WebAuthnRegistration>(`${MFA}/webauthn/enroll`, { mfaToken, deviceType }, withCookie),
    enrollWebAuthn: (body: {
      mfaToken: string;
      webauthnToken: string;
      deviceType: DeviceType;
      options: RegistrationResponseJSON;
    }) => http.post<AuthResponse>(`${MFA}/webauthn/enroll/verify`, body, withCookie),
    preVerifyWebAuthn: (deviceId: string, mfaToken: string) =>
      http.post<WebAuthnAuthentication>(
        `${MFA}/webauthn/${encodeURIComponent(deviceId)}`,
        { mfaToken },
        withCookie,
      ),
    verifyWebAuthn: (
      deviceId: string,
      body: {
        mfaToken: string;
        webauthnToken: string;
        options: AuthenticationResponseJSON;
        rememberDevice?: boolean;
      },
    ) => http.post<AuthResponse>(`${MFA}/webauthn/${encodeURIComponent(deviceId)}/verify`, body, withCookie),
    // remember device (spec 000 §7: by mfaToken)
    checkRememberDevice: (mfaToken: string) =>
      http.get<{ isAllowedToRemember: boolean; mfaDeviceExpiration: number }>(
        `${CONFIG_V1}/mfa-policy/allow-remember-device`,
        { query: { mfaToken } },
      ),
    getStrategies: () => http.get<{ strategies: MfaStrategyState[] }>(`${CONFIG_V1}/mfa/strategies`),
    // passkeys as a first factor
    passkeyPreLogin: () =>
      http.post<PublicKeyCredentialRequestOptionsJSON>(`${AUTH_V1}/webauthn/prelogin`, {}, withCookie),
    passkeyPostLogin: (response: AuthenticationResponseJSON) =>
      http.post<AuthResponse>(`${AUTH_V2}/webauthn/postlogin`, response, withCookie),
    // passkey devices of the signed-in user (spec 000 §7 "Passkey session calls")
    createPasskeySession: (deviceType: DeviceType) =>
      http.post<PublicKeyCredentialCreationOptionsJSON>(PASSKEYS, { deviceType }),
    /** The client SDK's verifyNewDeviceSession body: the credential id and the authenticator's response. */
    verifyPasskeySession: (body: {
      id: string;
      response: RegistrationResponseJSON['response'];
      deviceType: DeviceType;
    }) => http.post<{ id: string }>(`${PASSKEYS}/verify`, body),
    getPasskeys: () => http.get<{ devices: PasskeyDevice[] }>(PASSKEYS),
    deletePasskey: (deviceId: string) =>
      http.delete<Record<string, never>>(`${PASSKEYS}/${encodeURIComponent(deviceId)}`),
  };
}
export type MfaApi = ReturnType<typeof createMfaApi>;
