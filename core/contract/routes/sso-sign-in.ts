/** Routes: sso-sign-in. */
import * as s from '../schemas';
import { oidcPostLogin, text } from '../requests-sso-signin';
import { ssoPreLogin } from '../requests';
import { NO_FEDERATION, SELF, pub, signIn } from './descriptor';
import type { RouteDescriptor } from './descriptor';

export const getSsoV2: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/sso/v2',
  access: pub('social login buttons'),
};

export const getSsoV1: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/sso/v1',
  access: pub('social login buttons (v1 shape)'),
};

export const getSsoCustom: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/sso/custom/v1',
  access: pub('custom social providers'),
};

export const postAuthUserSamlPrelogin: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/saml/prelogin',
  access: pub('SSO pre-login'),
  request: ssoPreLogin,
};

export const postAuthUserSsoPrelogin: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v2/user/sso/prelogin',
  access: pub('SSO pre-login'),
  request: ssoPreLogin,
};

export const postAuthUserSamlPostlogin: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/saml/postlogin',
  access: pub('SSO post-login code'),
  request: {
    body: {
      ...s.strictObject({ code: text(256), SAMLResponse: text(500_000), RelayState: text(1024) }),
      oneOf: [{ required: ['code'] }, { required: ['SAMLResponse', 'RelayState'] }],
    },
  },
  audit: signIn('SAML SSO'),
};

export const postAuthV1UserOidcPostlogin: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/oidc/postlogin',
  access: pub('SSO post-login code'),
  request: oidcPostLogin,
  audit: signIn('OpenID Connect SSO'),
};

export const postAuthV2UserOidcPostlogin: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v2/user/oidc/postlogin',
  access: pub('SSO post-login code'),
  request: oidcPostLogin,
  audit: signIn('OpenID Connect SSO'),
};

export const postAuthUserSsoByProviderPostlogin: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/sso/:provider/postlogin',
  access: pub('social post-login code'),
  request: {
    querystring: {
      type: 'object',
      additionalProperties: false,
      required: ['code', 'redirectUri'],
      properties: {
        code: { type: 'string', minLength: 1, maxLength: 2048 },
        redirectUri: { type: 'string', minLength: 1, maxLength: 2048 },
        code_verifier: { type: 'string', minLength: 43, maxLength: 128, pattern: '^[A-Za-z0-9._~-]+$' },
        state: { type: 'string', maxLength: 2048 },
        id_token: { type: 'string', maxLength: 8192 },
      },
    },
  },
  audit: signIn('social login'),
};

export const getAuthSsoOidcByKeyStart: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/auth/v1/sso/oidc/:key/start',
  access: pub('SSO start'),
  demo: NO_FEDERATION,
};

export const getAuthSsoSamlByKeyStart: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/auth/v1/sso/saml/:key/start',
  access: pub('SAML start'),
  demo: NO_FEDERATION,
};

export const getAuthSsoSamlByKeyMetadata: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/auth/v1/sso/saml/:key/metadata',
  access: pub('SAML metadata'),
  demo: NO_FEDERATION,
};

export const postAuthSsoSamlByKeyAcs: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/sso/saml/:key/acs',
  access: pub('SAML assertion'),
  audit: signIn('SAML SSO'),
  demo: NO_FEDERATION,
};

export const getSsoAuthenticated: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/sso/v2/authenticated',
  access: SELF,
};
