/** Success answers of the account routes (core/contract/routes/account.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/account';
import {
  AUTH_RESPONSE,
  EMPTY,
  ME,
  NO_BODY,
  PERMISSION_REF,
  ROLE_REF,
  SESSION,
  TENANT,
  any,
  arr,
  bool,
  int,
  obj,
  str,
} from '../route-schemas/common';
import { SIGN_UP } from '../route-schemas/identity';
import type { ResponseTable } from './index';

export const ACCOUNT_RESPONSES: ResponseTable = [
  [
    routes.getTeamProfileImagesById,
    {
      200: {
        description: 'The picture, with its image type',
        content: {
          'image/png': { schema: { type: 'string', format: 'binary' } },
          'image/jpeg': { schema: { type: 'string', format: 'binary' } },
          'image/webp': { schema: { type: 'string', format: 'binary' } },
          'image/gif': { schema: { type: 'string', format: 'binary' } },
        },
      },
    },
  ],
  [routes.postUsersSignUp, { 200: SIGN_UP }],
  [routes.getUsersPasswordsConfig, { 200: obj({ minLength: int, maxLength: int }, ['minLength']) }],
  [routes.postUsersPasswordsReset, { 200: EMPTY }],
  [routes.postUsersPasswordsResetVerify, { 200: EMPTY }],
  [routes.postUsersPasswordsChange, { 200: EMPTY }],
  [routes.postUsersActivate, { 200: AUTH_RESPONSE }],
  [routes.postUsersActivateReset, { 200: EMPTY }],
  [routes.getUsersActivateStrategy, { 200: obj({ shouldSetPassword: bool }, ['shouldSetPassword']) }],
  [routes.postUsersPhoneReset, { 200: any }],
  [routes.postUsersPhoneResetVerify, { 200: any }],
  [routes.putUsersPhoneChange, { 200: any }],
  [routes.getUsersMe, { 200: ME }],
  [routes.putUsersMe, { 200: ME }],
  [routes.getUsersV2MeTenants, { 200: arr(TENANT) }],
  [routes.getUsersV3MeTenants, { 200: obj({ tenants: arr(TENANT), activeTenant: TENANT }, ['tenants']) }],
  [routes.putUsersTenant, { 200: obj({ tenantId: str }, ['tenantId']) }],
  [routes.getUsersSessionsMe, { 200: arr(SESSION) }],
  [routes.getUsersSessionsMeCurrent, { 200: SESSION }],
  [routes.deleteUsersSessionsMeAll, { 200: EMPTY }],
  [routes.deleteUsersSessionsMeById, { 200: EMPTY }],
  [routes.postUsersMeToken, { 200: AUTH_RESPONSE }],
  [
    routes.putTeamProfileMeImage,
    {
      200: {
        description: "The picture's address (also the user's profilePictureUrl), as plain text",
        content: { 'text/plain': { schema: { type: 'string' } } },
      },
    },
  ],
  [routes.postUsersPhone, { 200: obj({ changePhoneId: str }, ['changePhoneId']) }],
  [routes.postUsersPhoneVerify, { 200: EMPTY }],
  [
    routes.getUsersMeAuthorization,
    {
      200: obj({ roles: arr(ROLE_REF), permissions: arr(PERMISSION_REF) }, ['roles', 'permissions']),
    },
  ],
  [routes.postUsersSessionsRevoke, { 200: obj({ revoked: int }) }],
  [
    routes.postUsersPasswordsBreachedResetBulk,
    { 200: obj({ sent: int, skipped: int }, ['sent', 'skipped']) },
  ],
];

/** Bodies of calls that read none, documented. */
export const ACCOUNT_BODIES: ResponseTable = [
  [
    routes.putTeamProfileMeImage,
    {
      description:
        'multipart/form-data with one file: the picture (PNG, JPEG, WebP or GIF by its first bytes, at most 1 MB)',
    },
  ],
  [routes.postUsersPasswordsBreachedResetBulk, NO_BODY],
];
