/** Routes: sign-in. */
import * as s from '../schemas';
import { impersonatedId, passwordlessType } from '../requests';
import { passkeyPostLogin } from '../requests-webauthn';
import { audit, perm, pub, signIn } from './descriptor';
import type { RouteDescriptor } from './descriptor';

export const postAuthApiToken: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/api-token',
  access: pub('API token exchange (the secret)'),
  request: {
    body: s.strictObject({ clientId: s.uuid, secret: { type: 'string', minLength: 1, maxLength: 200 } }, [
      'clientId',
      'secret',
    ]),
  },
  demo: 'the API-token exchange is for machines (a backend holding a client id and secret), not a page',
};

export const postAuthUser: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user',
  access: pub('sign-in'),
  request: {
    body: s.strictObject(
      {
        email: s.email,
        password: s.loginPassword,
        recaptchaToken: s.optionalToken,
        invitationToken: s.optionalToken,
      },
      ['email', 'password'],
    ),
  },
  audit: signIn('password'),
};

export const postAuthUserTokenRefresh: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/user/token/refresh',
  access: pub('refresh cookie'),
};

export const postAuthLogout: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/logout',
  access: pub('refresh cookie'),
  audit: audit('auth', 'User signed out', 'Info', { signOut: true }),
};

export const postAuthPasswordlessByTypePrelogin: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/passwordless/:type/prelogin',
  access: pub('passwordless'),
  request: {
    body: s.strictObject(
      {
        email: s.email,
        type: passwordlessType,
        recaptchaToken: s.optionalToken,
        invitationToken: s.optionalToken,
      },
      ['email'],
    ),
  },
};

export const postAuthPasswordlessByTypePostlogin: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/passwordless/:type/postlogin',
  access: pub('passwordless'),
  request: {
    body: s.strictObject(
      {
        token: s.linkToken,
        email: s.email,
        type: passwordlessType,
        recaptchaToken: s.optionalToken,
        invitationToken: s.optionalToken,
      },
      ['token'],
    ),
  },
  audit: signIn('passwordless'),
};

export const postAuthWebauthnPrelogin: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/webauthn/prelogin',
  access: pub('passkey sign-in'),
  request: {
    body: s.strictObject({
      email: { type: ['string', 'null'], maxLength: 254 },
      recaptchaToken: s.optionalToken,
    }),
  },
};

export const postAuthV2WebauthnPostlogin: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v2/webauthn/postlogin',
  access: pub('passkey sign-in'),
  request: passkeyPostLogin,
  audit: signIn('passkey'),
};

export const postAuthV1WebauthnPostlogin: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/auth/v1/webauthn/postlogin',
  access: pub('passkey sign-in (the client SDK posts to v1)'),
  request: passkeyPostLogin,
  audit: signIn('passkey'),
};

export const postImpersonation: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/impersonation/v1',
  access: perm('fe.secure.write.impersonate', 'resource', {
    apiTokens: 'refused',
    inHandler:
      "the impersonator's token may come in the body (the client SDK's actorToken) instead of a bearer; the domain checks the permission in the account of the user impersonated",
  }),
  request: {
    body: {
      ...s.strictObject({
        userId: impersonatedId,
        impersonatedUserId: impersonatedId,
        actorToken: { type: 'string', minLength: 1, maxLength: 8192 },
        redirectUrl: { type: 'string', maxLength: 2048 },
        tenantId: s.optionalId,
      }),
      oneOf: [{ required: ['userId'] }, { required: ['impersonatedUserId'] }],
    },
  },
  audit: audit('users', 'Impersonation started', 'High'),
};
