/** Success answers of the sign-in routes (core/contract/routes/sign-in.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/sign-in';
import { ABSENT, AUTH_RESPONSE, EMPTY, NO_BODY } from '../route-schemas/common';
import { OBJECT } from '../route-schemas/platform';
import type { ResponseTable } from './index';

export const SIGN_IN_RESPONSES: ResponseTable = [
  [routes.postAuthApiToken, { 200: AUTH_RESPONSE }],
  [routes.postAuthUser, { 200: AUTH_RESPONSE }],
  [routes.postAuthUserTokenRefresh, { 200: AUTH_RESPONSE, 204: ABSENT }],
  [routes.postAuthLogout, { 200: EMPTY }],
  [routes.postAuthPasswordlessByTypePrelogin, { 200: OBJECT }],
  [routes.postAuthPasswordlessByTypePostlogin, { 200: AUTH_RESPONSE }],
  [routes.postAuthWebauthnPrelogin, { 200: OBJECT }],
  [routes.postAuthV2WebauthnPostlogin, { 200: AUTH_RESPONSE }],
  [routes.postAuthV1WebauthnPostlogin, { 200: AUTH_RESPONSE }],
  [routes.postImpersonation, { 200: AUTH_RESPONSE }],
];

/** Bodies of calls that read none, documented. */
export const SIGN_IN_BODIES: ResponseTable = [
  [routes.postAuthUserTokenRefresh, NO_BODY],
  [routes.postAuthLogout, NO_BODY],
];
