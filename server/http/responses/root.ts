/** Success answers of the root routes (core/contract/routes/root.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/root';
import { FILE, OIDC_CONFIGURATION } from '../route-schemas/platform';
import { HTML } from '../route-schemas/common';
import { JWK_SET } from '../route-schemas/identity';
import type { ResponseTable } from './index';

export const ROOT_RESPONSES: ResponseTable = [
  [routes.getRootAny, { 200: FILE }],
  [routes.getRootAccountAny, { 200: HTML }],
  [routes.getWellKnownJwksJson, { 200: JWK_SET }],
  [routes.getWellKnownOpenidConfiguration, { 200: OIDC_CONFIGURATION }],
  [routes.getRootOauthLogin, { 200: HTML, '4XX': HTML }],
];
