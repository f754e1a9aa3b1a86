/** Routes: oauth. */
import * as s from '../schemas';
import { PROTOCOL, SELF, pub } from './descriptor';
import type { RouteDescriptor } from './descriptor';

export const getOauthAuthorize: RouteDescriptor = {
  method: 'GET',
  path: '/oauth/authorize',
  access: pub('OIDC provider'),
  demo: PROTOCOL,
};

export const postOauthAuthorizeSilent: RouteDescriptor = {
  method: 'POST',
  path: '/oauth/authorize/silent',
  access: pub('OIDC provider (cookie)'),
  request: {
    body: {
      ...s.strictObject({
        client_id: { type: 'string', maxLength: 100 },
        nonce: { type: 'string', minLength: 1, maxLength: 500 },
      }),
      type: ['object', 'null'],
    },
  },
};

export const postOauthToken: RouteDescriptor = {
  method: 'POST',
  path: '/oauth/token',
  access: pub('OIDC provider (code)'),
  request: {
    body: s.strictObject({
      grant_type: { type: 'string', maxLength: 50 },
      client_id: { type: 'string', maxLength: 100 },
      code: { type: 'string', maxLength: 200 },
      redirect_uri: { type: 'string', maxLength: 2000 },
      code_verifier: { type: 'string', maxLength: 200 },
      refresh_token: { type: 'string', maxLength: 200 },
      scope: { type: 'string', maxLength: 500 },
    }),
  },
};

export const getOauthLogout: RouteDescriptor = {
  method: 'GET',
  path: '/oauth/logout',
  access: pub('OIDC provider'),
};

export const getOauthUserinfo: RouteDescriptor = {
  method: 'GET',
  path: '/oauth/userinfo',
  access: SELF,
  demo: PROTOCOL,
};
