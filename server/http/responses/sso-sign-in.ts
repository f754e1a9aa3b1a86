/** Success answers of the sso-sign-in routes (core/contract/routes/sso-sign-in.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/sso-sign-in';
import { ABSENT, AUTH_RESPONSE, HTML, NO_BODY, any, arr, obj, str } from '../route-schemas/common';
import { REDIRECT_302, SOCIAL_PROVIDER } from '../route-schemas/platform';
import type { ResponseTable } from './index';

export const SSO_SIGN_IN_RESPONSES: ResponseTable = [
  [routes.getSsoV2, { 200: arr(SOCIAL_PROVIDER) }],
  [routes.getSsoV1, { 200: arr(SOCIAL_PROVIDER) }],
  [routes.getSsoCustom, { 200: obj({ providers: arr(any) }, ['providers']) }],
  [routes.postAuthUserSamlPrelogin, { 200: obj({ address: str, idpType: str }, ['address']), 204: ABSENT }],
  [routes.postAuthUserSsoPrelogin, { 200: obj({ address: str, idpType: str }, ['address']), 204: ABSENT }],
  [routes.postAuthUserSamlPostlogin, { 200: AUTH_RESPONSE }],
  [routes.postAuthV1UserOidcPostlogin, { 200: AUTH_RESPONSE }],
  [routes.postAuthV2UserOidcPostlogin, { 200: AUTH_RESPONSE }],
  [routes.postAuthUserSsoByProviderPostlogin, { 200: AUTH_RESPONSE }],
  [routes.getAuthSsoOidcByKeyStart, { ...REDIRECT_302 }],
  [routes.getAuthSsoSamlByKeyStart, { ...REDIRECT_302, 200: HTML }],
  [
    routes.getAuthSsoSamlByKeyMetadata,
    { 200: { content: { 'application/samlmetadata+xml': { schema: { type: 'string' } } } } },
  ],
  [routes.postAuthSsoSamlByKeyAcs, { ...REDIRECT_302 }],
  [routes.getSsoAuthenticated, { 200: arr(SOCIAL_PROVIDER) }],
];

/** Bodies of calls that read none, documented. */
export const SSO_SIGN_IN_BODIES: ResponseTable = [[routes.postAuthUserSsoByProviderPostlogin, NO_BODY]];
