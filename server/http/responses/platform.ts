/** Success answers of the platform routes (core/contract/routes/platform.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/platform';
import { ACCOUNT_SETTINGS, FLAG, OBJECT } from '../route-schemas/platform';
import { any, arr, bool, obj, str } from '../route-schemas/common';
import type { ResponseTable } from './index';

export const PLATFORM_RESPONSES: ResponseTable = [
  [
    routes.getDevOutbox,
    {
      200: {
        content: {
          'application/json': { schema: obj({ messages: arr(any) }, ['messages']) },
          'text/html': { schema: { type: 'string' } },
        },
      },
    },
  ],
  [routes.putDevSettings, { 200: OBJECT }],
  [routes.postFlagsApiEvaluate, { 200: OBJECT }],
  [
    routes.getVendorsPublic,
    { 200: obj({ name: str, logo: str, icon: str, whiteLabelMode: bool }, ['whiteLabelMode']) },
  ],
  [
    routes.getTenantsAccountSettingsPublic,
    {
      200: obj({ tenantId: str, applicationUrl: str, loginUrl: str }, ['applicationUrl', 'loginUrl']),
    },
  ],
  [routes.getFlags, { 200: obj({}, [], 'Flag name -> "on" or "off"') }],
  [
    routes.getEntitlementsApiV2UserEntitlements,
    {
      200: obj({ permissions: arr(str), features: OBJECT, permissionFeatures: OBJECT }, ['features']),
    },
  ],
  [
    routes.getEntitlementsApiV1UserEntitlements,
    { 200: obj({ permissions: OBJECT, features: OBJECT }, ['permissions']) },
  ],
  [routes.getTenantsAccountSettings, { 200: ACCOUNT_SETTINGS }],
  [routes.putTenantsAccountSettings, { 200: ACCOUNT_SETTINGS }],
  [routes.getTenantsAccountSettingsCustomLogin, { 200: OBJECT }],
  [routes.putTenantsAccountSettingsCustomLogin, { 200: OBJECT }],
  [routes.getFlagsApiFlags, { 200: obj({ items: arr(FLAG) }, ['items']) }],
  [routes.putFlagsApiFlagsByKey, { 200: FLAG }],
  [routes.postTenantsUsersCount, { 200: any }],
];
