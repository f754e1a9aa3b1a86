/** Success answers of the tokens routes (core/contract/routes/tokens.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/tokens';
import { ACCESS_TOKEN, ACCESS_TOKENS, API_TOKEN, EMPTY, arr } from '../route-schemas/common';
import type { ResponseTable } from './index';

export const TOKENS_RESPONSES: ResponseTable = [
  [routes.getTenantsApiTokens, { 200: arr(API_TOKEN) }],
  [routes.postTenantsApiTokensV1, { 200: API_TOKEN, 201: API_TOKEN }],
  [routes.postTenantsApiTokensV2, { 200: API_TOKEN, 201: API_TOKEN }],
  [routes.deleteTenantsApiTokensById, { 200: EMPTY }],
  [routes.patchTenantsApiTokensById, { 200: API_TOKEN }],
  [routes.patchUsersApiTokensById, { 200: API_TOKEN }],
  [routes.getUsersApiTokens, { 200: arr(API_TOKEN) }],
  [routes.postUsersApiTokens, { 200: API_TOKEN, 201: API_TOKEN }],
  [routes.deleteUsersApiTokensById, { 200: EMPTY }],
  [routes.getTenantsAccessTokens, { 200: ACCESS_TOKENS }],
  [routes.postTenantsAccessTokens, { 201: ACCESS_TOKEN }],
  [routes.deleteTenantsAccessTokensById, { 200: EMPTY }],
  [routes.getUsersAccessTokens, { 200: ACCESS_TOKENS }],
  [routes.postUsersAccessTokens, { 201: ACCESS_TOKEN }],
  [routes.deleteUsersAccessTokensById, { 200: EMPTY }],
];
