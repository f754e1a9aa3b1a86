/** Routes: mfa. */
import * as s from '../schemas';
import { accountCode, accountSmsCode, internationalPhone } from '../requests-mfa';
import {
  attestationResponse,
  authenticationJson,
  b64,
  clientWebAuthnBody as clientBody,
  deviceType,
  registrationJson,
  token,
} from '../requests-webauthn';
import { audit, PERSON } from './descriptor';
import type { RouteDescriptor } from './descriptor';

export const getUsersWebauthnDevices: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/users/webauthn/v1/devices',
  access: PERSON,
};

export const postUsersWebauthnDevices: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/webauthn/v1/devices',
  access: PERSON,
  request: { clientBody, body: s.strictObject({ deviceType }) },
};

export const postUsersWebauthnDevicesVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/webauthn/v1/devices/verify',
  access: PERSON,
  request: {
    clientBody,
    body: s.strictObject(
      { id: b64, response: { anyOf: [registrationJson, attestationResponse] }, deviceType },
      ['id', 'response'],
    ),
  },
  audit: audit('mfa', 'Passkey added', 'Medium'),
};

export const deleteUsersWebauthnDevicesByDeviceId: RouteDescriptor = {
  method: 'DELETE',
  path: '/identity/resources/users/webauthn/v1/devices/:deviceId',
  access: PERSON,
  audit: audit('mfa', 'Passkey removed', 'High'),
};

export const getUsersMfaDevices: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/users/v1/mfa/devices',
  access: PERSON,
};

export const postUsersMfaDisable: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/mfa/disable',
  access: PERSON,
  request: accountCode,
  audit: audit('mfa', 'MFA removed', 'High'),
};

export const postUsersMfaRecoveryCodes: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/mfa/recovery-codes',
  access: PERSON,
  request: accountCode,
  audit: audit('mfa', 'MFA recovery codes regenerated', 'High'),
};

export const postUsersMfaEnroll: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/mfa/enroll',
  access: PERSON,
};

export const postUsersMfaEnrollVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/mfa/enroll/verify',
  access: PERSON,
  request: accountCode,
  audit: audit('mfa', 'MFA enrolled', 'Medium'),
};

export const postUsersMfaAuthenticatorEnroll: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/mfa/authenticator/enroll',
  access: PERSON,
};

export const postUsersMfaAuthenticatorEnrollVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/mfa/authenticator/enroll/verify',
  access: PERSON,
  request: accountCode,
  audit: audit('mfa', 'MFA enrolled', 'Medium'),
};

export const postUsersMfaAuthenticatorByDeviceIdDisableVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/mfa/authenticator/:deviceId/disable/verify',
  access: PERSON,
  request: accountCode,
  audit: audit('mfa', 'MFA removed', 'High'),
};

export const postUsersMfaEmailcodeByDeviceIdDisable: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/mfa/emailcode/:deviceId/disable',
  access: PERSON,
  audit: audit('mfa', 'MFA removed', 'High'),
};

export const postUsersMfaSmsByDeviceIdDisable: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/mfa/sms/:deviceId/disable',
  access: PERSON,
  audit: audit('mfa', 'MFA removed', 'High'),
};

export const postUsersMfaSmsByDeviceIdDisableVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/mfa/sms/:deviceId/disable/verify',
  access: PERSON,
  request: accountSmsCode,
};

export const postUsersMfaSmsEnroll: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/mfa/sms/enroll',
  access: PERSON,
  request: {
    body: s.strictObject({ phoneNumber: internationalPhone }, ['phoneNumber']),
  },
};

export const postUsersMfaSmsEnrollVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/mfa/sms/enroll/verify',
  access: PERSON,
  request: accountSmsCode,
  audit: audit('mfa', 'MFA enrolled', 'Medium'),
};

export const postUsersMfaWebauthnByDeviceIdDisable: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/mfa/webauthn/:deviceId/disable',
  access: PERSON,
  audit: audit('mfa', 'MFA removed', 'High'),
};

export const postUsersMfaWebauthnByDeviceIdDisableVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/mfa/webauthn/:deviceId/disable/verify',
  access: PERSON,
  request: {
    clientBody,
    body: s.strictObject({ webauthnToken: token, options: authenticationJson }, ['webauthnToken', 'options']),
  },
};

export const postUsersMfaWebauthnEnroll: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/mfa/webauthn/enroll',
  access: PERSON,
  request: { clientBody, body: s.strictObject({ deviceType }) },
};

export const postUsersMfaWebauthnEnrollVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/mfa/webauthn/enroll/verify',
  access: PERSON,
  request: {
    clientBody,
    body: s.strictObject({ webauthnToken: token, deviceType, options: registrationJson }, [
      'webauthnToken',
      'options',
    ]),
  },
  audit: audit('mfa', 'MFA enrolled', 'Medium'),
};
