/** Success answers of the mfa-sign-in routes (core/contract/routes/mfa-sign-in.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/mfa-sign-in';
import { AUTH_RESPONSE, obj, str } from '../route-schemas/common';
import { OBJECT } from '../route-schemas/platform';
import type { ResponseTable } from './index';

export const MFA_SIGN_IN_RESPONSES: ResponseTable = [
  [routes.postAuthUserMfaVerify, { 200: AUTH_RESPONSE }],
  [routes.postAuthUserMfaRecover, { 200: AUTH_RESPONSE }],
  [routes.postAuthUserMfaAuthenticatorEnroll, { 200: obj({ qrCode: str }) }],
  [routes.postAuthUserMfaAuthenticatorEnrollVerify, { 200: AUTH_RESPONSE }],
  [routes.postAuthUserMfaAuthenticatorByDeviceIdVerify, { 200: AUTH_RESPONSE }],
  [routes.postAuthUserMfaSmsEnroll, { 200: OBJECT }],
  [routes.postAuthUserMfaSmsEnrollVerify, { 200: AUTH_RESPONSE }],
  [routes.postAuthUserMfaSmsByDeviceId, { 200: OBJECT }],
  [routes.postAuthUserMfaSmsByDeviceIdVerify, { 200: AUTH_RESPONSE }],
  [routes.postAuthUserMfaEmailcode, { 200: OBJECT }],
  [routes.postAuthUserMfaEmailcodeVerify, { 200: AUTH_RESPONSE }],
  [routes.postAuthUserMfaEmailcodeEnroll, { 200: OBJECT }],
  [routes.postAuthUserMfaEmailcodeEnrollVerify, { 200: AUTH_RESPONSE }],
  [routes.postAuthUserMfaWebauthnEnroll, { 200: OBJECT }],
  [routes.postAuthUserMfaWebauthnEnrollVerify, { 200: AUTH_RESPONSE }],
  [routes.postAuthUserMfaWebauthnByDeviceId, { 200: OBJECT }],
  [routes.postAuthUserMfaWebauthnByDeviceIdVerify, { 200: AUTH_RESPONSE }],
];
