/** Routes: account. */
import * as s from '../schemas';
import { emailOnly, linkWithPassword, shortPhone } from '../requests';
import { SELF, SERVER_ONLY, audit, perm, pub, PERSON } from './descriptor';
import type { RouteDescriptor } from './descriptor';

export const getTeamProfileImagesById: RouteDescriptor = {
  method: 'GET',
  path: '/team/resources/profile/images/v1/:id',
  access: pub('a profile picture for <img> (no bearer token); its id is random and unguessable'),
  demo: SERVER_ONLY,
};

export const postUsersSignUp: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/signUp',
  access: pub('sign-up'),
  request: {
    body: s.strictObject(
      {
        email: s.email,
        password: s.newPassword,
        name: { ...s.personName, type: ['string', 'null'] },
        companyName: s.optionalText(100),
        phoneNumber: s.phoneNumber,
        metadata: s.metadata,
        invitationToken: s.optionalToken,
        recaptchaToken: s.optionalToken,
      },
      ['email', 'password'],
    ),
  },
  audit: audit('auth', 'User signed up', 'Info', { signIn: 'sign-up' }),
};

export const getUsersPasswordsConfig: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/users/v1/passwords/config',
  access: pub('password rules'),
};

export const postUsersPasswordsReset: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/passwords/reset',
  access: pub('forgot password'),
  request: {
    body: s.strictObject({ email: s.email, recaptchaToken: s.optionalToken }, ['email']),
  },
  audit: audit('auth', 'Password reset requested', 'Info', { signIn: 'email' }),
};

export const postUsersPasswordsResetVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/passwords/reset/verify',
  access: pub('reset link'),
  request: {
    body: s.strictObject({ userId: s.userId, token: s.linkToken, password: s.newPassword }, [
      'userId',
      'token',
      'password',
    ]),
  },
  audit: audit('auth', 'Password reset', 'Medium', { signIn: 'reset' }),
};

export const postUsersPasswordsChange: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/passwords/change',
  access: PERSON,
  request: {
    body: s.strictObject(
      { password: { type: 'string', minLength: 1, maxLength: 128 }, newPassword: s.newPassword },
      ['password', 'newPassword'],
    ),
  },
  audit: audit('auth', 'Password changed', 'Medium', {
    onFailure: { action: 'Password change refused', severity: 'Medium' },
  }),
};

export const postUsersActivate: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/activate',
  access: pub('activation link'),
  request: linkWithPassword,
  audit: audit('auth', 'User activated', 'Info', { signIn: 'activation' }),
};

export const postUsersActivateReset: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/activate/reset',
  access: pub('resend activation'),
  request: emailOnly,
};

export const getUsersActivateStrategy: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/users/v1/activate/strategy',
  access: pub('activation link'),
  request: {
    querystring: s.strictObject({ userId: s.userId, token: s.linkToken }, ['userId', 'token']),
  },
};

export const postUsersPhoneReset: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/phone/reset',
  access: pub('phone recovery'),
  request: emailOnly,
};

export const postUsersPhoneResetVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/phone/reset/verify',
  access: pub('phone recovery code'),
  request: {
    body: s.strictObject({ resetPhoneNumberToken: s.linkToken, code: s.code }, [
      'resetPhoneNumberToken',
      'code',
    ]),
  },
};

export const putUsersPhoneChange: RouteDescriptor = {
  method: 'PUT',
  path: '/identity/resources/users/v1/phone/change',
  access: pub('phone recovery token'),
  request: {
    body: s.strictObject({ changePhoneNumberToken: s.linkToken, phoneNumber: shortPhone }, [
      'changePhoneNumberToken',
      'phoneNumber',
    ]),
  },
  audit: audit('users', 'Phone number changed', 'Medium'),
};

export const getUsersMe: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/users/v2/me',
  access: SELF,
};

export const putUsersMe: RouteDescriptor = {
  method: 'PUT',
  path: '/identity/resources/users/v2/me',
  access: PERSON,
  request: {
    body: {
      ...s.strictObject({
        name: s.personName,
        phoneNumber: s.phoneNumber,
        metadata: s.metadata,
        locale: s.locale,
      }),
      minProperties: 1,
    },
  },
  audit: audit('users', 'Profile updated', 'Info'),
};

export const getUsersV2MeTenants: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/users/v2/me/tenants',
  access: SELF,
};

export const getUsersV3MeTenants: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/users/v3/me/tenants',
  access: SELF,
};

export const putUsersTenant: RouteDescriptor = {
  method: 'PUT',
  path: '/identity/resources/users/v1/tenant',
  access: PERSON,
  request: { body: s.strictObject({ tenantId: s.uuid }, ['tenantId']) },
  audit: audit('auth', 'Switched account', 'Info'),
};

export const getUsersSessionsMe: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/users/sessions/v1/me',
  access: PERSON,
};

export const getUsersSessionsMeCurrent: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/users/sessions/v1/me/current',
  access: PERSON,
};

export const deleteUsersSessionsMeAll: RouteDescriptor = {
  method: 'DELETE',
  path: '/identity/resources/users/sessions/v1/me/all',
  access: PERSON,
  audit: audit('sessions', 'Signed out of all sessions', 'Info'),
};

export const deleteUsersSessionsMeById: RouteDescriptor = {
  method: 'DELETE',
  path: '/identity/resources/users/sessions/v1/me/:id',
  access: PERSON,
  audit: audit('sessions', 'Session ended', 'Info'),
};

export const postUsersMeToken: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v3/me/token',
  access: PERSON,
  request: { body: s.strictObject({ tenantId: s.uuid }, ['tenantId']) },
};

export const putTeamProfileMeImage: RouteDescriptor = {
  method: 'PUT',
  path: '/team/resources/profile/me/image/v1',
  access: PERSON,
};

export const postUsersPhone: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/phone',
  access: PERSON,
  request: { body: s.strictObject({ phoneNumber: shortPhone }, ['phoneNumber']) },
};

export const postUsersPhoneVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/phone/verify',
  access: PERSON,
  request: {
    body: s.strictObject({ changePhoneId: s.linkToken, code: s.code }, ['changePhoneId', 'code']),
  },
  audit: audit('users', 'Phone number added', 'Medium'),
};

export const getUsersMeAuthorization: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/users/v1/me/authorization',
  access: SELF,
};

export const postUsersSessionsRevoke: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/sessions/v1/revoke',
  access: perm('fe.secure.write.users', 'resource'),
  request: {
    body: s.strictObject({ userId: s.uuid }, ['userId']),
  },
  audit: audit('sessions', 'User sessions ended', 'Medium'),
};

export const postUsersPasswordsBreachedResetBulk: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/passwords/breached/reset/bulk',
  access: perm('fe.secure.write.users', 'account'),
  audit: audit('users', 'Breached-password reset emails sent', 'High'),
};
