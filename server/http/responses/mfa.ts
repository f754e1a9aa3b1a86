/** Success answers of the mfa routes (core/contract/routes/mfa.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/mfa';
import { EMPTY, NO_BODY, any, arr, obj, str } from '../route-schemas/common';
import { OBJECT } from '../route-schemas/platform';
import type { ResponseTable } from './index';

export const MFA_RESPONSES: ResponseTable = [
  [routes.getUsersWebauthnDevices, { 200: obj({ devices: arr(any) }, ['devices']) }],
  [routes.postUsersWebauthnDevices, { 200: OBJECT }],
  [routes.postUsersWebauthnDevicesVerify, { 200: OBJECT }],
  [routes.deleteUsersWebauthnDevicesByDeviceId, { 200: EMPTY }],
  [
    routes.getUsersMfaDevices,
    {
      200: obj({ webauthn: arr(any), phones: arr(any), authenticators: arr(any), emails: arr(any) }, [
        'webauthn',
        'phones',
        'authenticators',
      ]),
    },
  ],
  [routes.postUsersMfaDisable, { 200: OBJECT }],
  [
    routes.postUsersMfaRecoveryCodes,
    {
      200: obj(
        { recoveryCode: str, recoveryCodes: arr(str) },
        ['recoveryCode', 'recoveryCodes'],
        'A new set of 10 single-use recovery codes, shown once; recoveryCode is the first of them',
      ),
    },
  ],
  [routes.postUsersMfaEnroll, { 200: OBJECT }],
  [routes.postUsersMfaEnrollVerify, { 200: OBJECT }],
  [routes.postUsersMfaAuthenticatorEnroll, { 200: OBJECT }],
  [routes.postUsersMfaAuthenticatorEnrollVerify, { 200: OBJECT }],
  [routes.postUsersMfaAuthenticatorByDeviceIdDisableVerify, { 200: OBJECT }],
  [routes.postUsersMfaEmailcodeByDeviceIdDisable, { 200: OBJECT }],
  [
    routes.postUsersMfaSmsByDeviceIdDisable,
    { 200: obj({ otcToken: str, phoneNumber: str }, ['otcToken', 'phoneNumber']) },
  ],
  [routes.postUsersMfaSmsByDeviceIdDisableVerify, { 200: EMPTY }],
  [routes.postUsersMfaSmsEnroll, { 200: OBJECT }],
  [routes.postUsersMfaSmsEnrollVerify, { 200: OBJECT }],
  [
    routes.postUsersMfaWebauthnByDeviceIdDisable,
    { 200: obj({ webauthnToken: str, options: OBJECT }, ['webauthnToken', 'options']) },
  ],
  [routes.postUsersMfaWebauthnByDeviceIdDisableVerify, { 200: EMPTY }],
  [routes.postUsersMfaWebauthnEnroll, { 200: OBJECT }],
  [routes.postUsersMfaWebauthnEnrollVerify, { 200: OBJECT }],
];

/** Bodies of calls that read none, documented. */
export const MFA_BODIES: ResponseTable = [
  [routes.postUsersMfaEnroll, NO_BODY],
  [routes.postUsersMfaAuthenticatorEnroll, NO_BODY],
  [routes.postUsersMfaEmailcodeByDeviceIdDisable, NO_BODY],
  [routes.postUsersMfaSmsByDeviceIdDisable, NO_BODY],
  [routes.postUsersMfaWebauthnByDeviceIdDisable, NO_BODY],
];
