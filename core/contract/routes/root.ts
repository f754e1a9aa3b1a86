/** Routes: root. */

import { PROTOCOL, SERVER_ONLY, pub } from './descriptor';
import type { RouteDescriptor } from './descriptor';

/** @public (read through the table's index, as every descriptor; no answer schema names it) */
export const optionsRootAny: RouteDescriptor = {
  method: 'OPTIONS',
  path: '*',
  root: true,
  access: pub('CORS preflight'),
  demo: SERVER_ONLY,
};

export const getRootAny: RouteDescriptor = {
  method: 'GET',
  path: '/*',
  root: true,
  access: pub('static files (staticRoot)'),
};

/** @public (read through the table's index, as every descriptor; no answer schema names it) */
export const getRootCdnAny: RouteDescriptor = {
  method: 'GET',
  path: '/cdn/*',
  root: true,
  access: pub('the CDN bundles'),
};

export const getRootAccountAny: RouteDescriptor = {
  method: 'GET',
  path: '/account/*',
  root: true,
  access: pub('the pages that links in emails open'),
};

export const getWellKnownJwksJson: RouteDescriptor = {
  method: 'GET',
  path: '/.well-known/jwks.json',
  alsoAtRoot: true,
  access: pub('public keys'),
  demo: SERVER_ONLY,
};

export const getWellKnownOpenidConfiguration: RouteDescriptor = {
  method: 'GET',
  path: '/.well-known/openid-configuration',
  alsoAtRoot: true,
  access: pub('OIDC discovery'),
  demo: SERVER_ONLY,
};

/** @public (read through the table's index, as every descriptor; no answer schema names it) */
export const getOpenapiJson: RouteDescriptor = {
  method: 'GET',
  path: '/openapi.json',
  access: pub('the OpenAPI description of the routes: no data'),
  demo: SERVER_ONLY,
};

export const getRootOauthLogin: RouteDescriptor = {
  method: 'GET',
  path: '/oauth/login',
  root: true,
  access: pub('hosted login page'),
  demo: PROTOCOL,
};
