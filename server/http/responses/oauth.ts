/** Success answers of the oauth routes (core/contract/routes/oauth.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/oauth';
import { ABSENT, HTML, obj, str } from '../route-schemas/common';
import { OBJECT, REDIRECT_302, TOKEN_ANSWER } from '../route-schemas/platform';
import type { ResponseTable } from './index';

export const OAUTH_RESPONSES: ResponseTable = [
  [routes.getOauthAuthorize, { ...REDIRECT_302, 200: HTML, '4XX': HTML }],
  [routes.postOauthAuthorizeSilent, { 200: OBJECT, 204: ABSENT }],
  [routes.postOauthToken, { 200: TOKEN_ANSWER }],
  [routes.getOauthLogout, { ...REDIRECT_302, 200: HTML, '4XX': HTML }],
  [routes.getOauthUserinfo, { 200: obj({ sub: str, email: str }, ['sub']) }],
];
