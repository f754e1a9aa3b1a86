/**
 * The signed-in user's own second factors (users v1 account-side MFA): list, add, remove. Used by
 * the portal's privacy page only, so it stays out of the sign-in page's shared chunk
 * (rollup.config.mjs). Removing a phone or a WebAuthn device takes two steps (the client SDK's): a
 * code sent to that phone, or an assertion of that device, then the removal with it.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { HttpClient } from './http';
import type { DeviceType, OtcAnswer, WebAuthnAuthentication, WebAuthnRegistration } from './mfa';
import type { MfaDevices } from './types';

const USERS_V1 = '/identity/resources/users/v1';

/** A new set of recovery codes in an answer (the first device's enrolment, a regeneration). */
export interface RecoveryCodes {
  recoveryCode?: string;
  recoveryCodes?: string[];
}

/** The codes of an answer: the set, or the one code of a backend that gives one. */
export const recoveryCodesOf = (answer: RecoveryCodes): string[] =>
  answer.recoveryCodes?.length ? answer.recoveryCodes : answer.recoveryCode ? [answer.recoveryCode] : [];

export function createAccountMfaApi(http: HttpClient) {
  return {
    getDevices: () => http.get<MfaDevices>(`${USERS_V1}/mfa/devices`),
    accountEnrollAuthenticator: () => http.post<{ qrCode: string; secret: string }>(`${USERS_V1}/mfa/enroll`),
    accountVerifyAuthenticator: (token: string) =>
      http.post<{ deviceId: string } & RecoveryCodes>(`${USERS_V1}/mfa/enroll/verify`, { token }),
    /** A new set of recovery codes, proven with an authenticator code or a current recovery code. */
    regenerateRecoveryCodes: (token: string) =>
      http.post<RecoveryCodes>(`${USERS_V1}/mfa/recovery-codes`, { token }),
    accountDisableAuthenticators: (token: string) =>
      http.post<Record<string, never>>(`${USERS_V1}/mfa/disable`, { token }),
    accountDisableAuthenticator: (deviceId: string, token: string) =>
      http.post<Record<string, never>>(
        `${USERS_V1}/mfa/authenticator/${encodeURIComponent(deviceId)}/disable/verify`,
        { token },
      ),
    accountPreEnrollSms: (phoneNumber: string) =>
      http.post<OtcAnswer>(`${USERS_V1}/mfa/sms/enroll`, { phoneNumber }),
    accountEnrollSms: (body: { otcToken: string; code: string }) =>
      http.post<{ deviceId: string } & RecoveryCodes>(`${USERS_V1}/mfa/sms/enroll/verify`, body),
    accountPreDisableSms: (deviceId: string) =>
      http.post<OtcAnswer & { phoneNumber: string }>(
        `${USERS_V1}/mfa/sms/${encodeURIComponent(deviceId)}/disable`,
      ),
    accountDisableSms: (deviceId: string, body: { otcToken: string; code: string }) =>
      http.post<Record<string, never>>(
        `${USERS_V1}/mfa/sms/${encodeURIComponent(deviceId)}/disable/verify`,
        body,
      ),
    accountDisableEmailCode: (deviceId: string) =>
      http.post<Record<string, never>>(`${USERS_V1}/mfa/emailcode/${encodeURIComponent(deviceId)}/disable`),
    accountPreEnrollWebAuthn: (deviceType: DeviceType) =>
      http.post<WebAuthnRegistration>(`${USERS_V1}/mfa/webauthn/enroll`, { deviceType }),
    accountEnrollWebAuthn: (body: {
      webauthnToken: string;
      deviceType: DeviceType;
      options: RegistrationResponseJSON;
    }) => http.post<{ deviceId: string } & RecoveryCodes>(`${USERS_V1}/mfa/webauthn/enroll/verify`, body),
    accountPreDisableWebAuthn: (deviceId: string) =>
      http.post<WebAuthnAuthentication>(`${USERS_V1}/mfa/webauthn/${encodeURIComponent(deviceId)}/disable`),
    accountDisableWebAuthn: (
      deviceId: string,
      body: { webauthnToken: string; options: AuthenticationResponseJSON },
    ) =>
      http.post<Record<string, never>>(
        `${USERS_V1}/mfa/webauthn/${encodeURIComponent(deviceId)}/disable/verify`,
        body,
      ),
  };
}
