/** Routes: mfa-sign-in. */
import * as s from '../schemas';
import {
  authenticationJson,
  clientWebAuthnBody as clientBody,
  deviceType,
  registrationJson,
  token,
} from '../requests-webauthn';
import {
  codeAtLogin,
  codeEnrolAtLogin,
  internationalPhone,
  mfaCode,
  mfaTokenField,
  totpAtLogin,
  withMfaToken,
} from '../requests-mfa';
import { MFA_TOKEN, audit, signIn } from './descriptor';
import type { RouteDescriptor } from './descriptor';

export const postAuthUserMfaVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/mfa/verify',
  access: MFA_TOKEN,
  request: totpAtLogin,
  audit: signIn('second factor'),
};

export const postAuthUserMfaRecover: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/mfa/recover',
  access: MFA_TOKEN,
  request: {
    body: s.strictObject({ mfaToken: mfaTokenField, recoveryCode: mfaCode, email: s.email }, [
      'recoveryCode',
    ]),
  },
  audit: signIn('MFA recovery code'),
};

export const postAuthUserMfaAuthenticatorEnroll: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/mfa/authenticator/enroll',
  access: MFA_TOKEN,
  request: withMfaToken,
};

export const postAuthUserMfaAuthenticatorEnrollVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/mfa/authenticator/enroll/verify',
  access: MFA_TOKEN,
  request: {
    body: s.strictObject({ mfaToken: mfaTokenField, token: mfaCode }, ['mfaToken', 'token']),
  },
  audit: audit('mfa', 'MFA enrolled', 'Medium'),
};

export const postAuthUserMfaAuthenticatorByDeviceIdVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/mfa/authenticator/:deviceId/verify',
  access: MFA_TOKEN,
  request: totpAtLogin,
  audit: signIn('authenticator app'),
};

export const postAuthUserMfaSmsEnroll: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/mfa/sms/enroll',
  access: MFA_TOKEN,
  request: {
    body: s.strictObject({ mfaToken: mfaTokenField, phoneNumber: internationalPhone }, [
      'mfaToken',
      'phoneNumber',
    ]),
  },
};

export const postAuthUserMfaSmsEnrollVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/mfa/sms/enroll/verify',
  access: MFA_TOKEN,
  request: codeEnrolAtLogin,
  audit: audit('mfa', 'MFA enrolled', 'Medium'),
};

export const postAuthUserMfaSmsByDeviceId: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/mfa/sms/:deviceId',
  access: MFA_TOKEN,
  request: withMfaToken,
};

export const postAuthUserMfaSmsByDeviceIdVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/mfa/sms/:deviceId/verify',
  access: MFA_TOKEN,
  request: codeAtLogin,
  audit: signIn('SMS code'),
};

export const postAuthUserMfaEmailcode: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/mfa/emailcode',
  access: MFA_TOKEN,
  request: withMfaToken,
};

export const postAuthUserMfaEmailcodeVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/mfa/emailcode/verify',
  access: MFA_TOKEN,
  request: codeAtLogin,
  audit: signIn('email code'),
};

export const postAuthUserMfaEmailcodeEnroll: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/mfa/emailcode/enroll',
  access: MFA_TOKEN,
  request: withMfaToken,
};

export const postAuthUserMfaEmailcodeEnrollVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/mfa/emailcode/enroll/verify',
  access: MFA_TOKEN,
  request: codeEnrolAtLogin,
  audit: audit('mfa', 'MFA enrolled', 'Medium'),
};

export const postAuthUserMfaWebauthnEnroll: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/mfa/webauthn/enroll',
  access: MFA_TOKEN,
  request: {
    clientBody,
    body: s.strictObject({ mfaToken: token, deviceType }, ['mfaToken']),
  },
};

export const postAuthUserMfaWebauthnEnrollVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/mfa/webauthn/enroll/verify',
  access: MFA_TOKEN,
  request: {
    clientBody,
    body: s.strictObject({ mfaToken: token, webauthnToken: token, deviceType, options: registrationJson }, [
      'mfaToken',
      'webauthnToken',
      'options',
    ]),
  },
  audit: audit('mfa', 'MFA enrolled', 'Medium'),
};

export const postAuthUserMfaWebauthnByDeviceId: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/mfa/webauthn/:deviceId',
  access: MFA_TOKEN,
  request: withMfaToken,
};

export const postAuthUserMfaWebauthnByDeviceIdVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/mfa/webauthn/:deviceId/verify',
  access: MFA_TOKEN,
  request: {
    clientBody,
    body: s.strictObject(
      {
        mfaToken: token,
        webauthnToken: token,
        options: authenticationJson,
        rememberDevice: { type: ['boolean', 'null'] },
        recaptchaToken: s.optionalToken,
      },
      ['mfaToken', 'webauthnToken', 'options'],
    ),
  },
  audit: signIn('security key'),
};
