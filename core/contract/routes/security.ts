/** Routes: security. */
import * as s from '../schemas';
import { POLICY_LIMITS } from '../../api/securityPolicies';
import { historyPolicy, int, lockoutPolicy, mfaPolicy, timeout } from '../requests-security';
import { key, strategies } from '../requests-signin';
import { mfaTokenField } from '../requests-mfa';
import { MFA_TOKEN, SELF, perm, policy, pub, superUser } from './descriptor';
import type { RouteDescriptor } from './descriptor';

export const getConfigurationsPublic: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/v1/public',
  access: pub('public configuration'),
};

export const getConfigurationsAuthStrategiesPublic: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/v1/auth/strategies/public',
  access: pub('sign-in methods'),
};

export const getConfigurationsAuthStrategies: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/v1/auth/strategies',
  access: SELF,
};

export const getConfigurationsPassword: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/v1/password',
  access: pub('password policy'),
};

export const getConfigurationsCaptchaPolicyPublic: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/v1/captcha-policy/public',
  access: pub('captcha policy'),
};

export const getConfigurationsMfaStrategies: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/v1/mfa/strategies',
  access: pub('MFA strategies'),
};

export const getConfigurationsMfaPolicyAllowRememberDevice: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/v1/mfa-policy/allow-remember-device',
  access: MFA_TOKEN,
  request: {
    querystring: { type: 'object', properties: { mfaToken: mfaTokenField }, required: ['mfaToken'] },
  },
};

export const getConfigurations: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/v1',
  access: perm('fe.secure.read.securityPolicy', 'account'),
};

export const getConfigurationsMfaPolicy: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/v1/mfa-policy',
  access: perm('fe.secure.read.securityPolicy', 'account'),
};

export const getConfigurationsMfaPolicyVendor: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/v1/mfa-policy/vendor',
  access: perm('fe.secure.read.securityPolicy', 'account'),
};

export const postConfigurationsMfaPolicy: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/configurations/v1/mfa-policy',
  access: perm('fe.secure.write.securityPolicy', 'account'),
  request: mfaPolicy,
  audit: policy('MFA policy'),
};

export const patchConfigurationsMfaPolicy: RouteDescriptor = {
  method: 'PATCH',
  path: '/identity/resources/configurations/v1/mfa-policy',
  access: perm('fe.secure.write.securityPolicy', 'account'),
  request: mfaPolicy,
  audit: policy('MFA policy'),
};

export const getConfigurationsLockoutPolicy: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/v1/lockout-policy',
  access: perm('fe.secure.read.securityPolicy', 'account'),
};

export const getConfigurationsLockoutPolicyVendor: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/v1/lockout-policy/vendor',
  access: perm('fe.secure.read.securityPolicy', 'account'),
};

export const putConfigurationsAuthStrategies: RouteDescriptor = {
  method: 'PUT',
  path: '/identity/resources/configurations/v1/auth/strategies',
  access: perm('fe.secure.write.securityPolicy', 'account'),
  request: strategies,
  audit: policy('Sign-in methods'),
};

export const deleteConfigurationsAuthStrategies: RouteDescriptor = {
  method: 'DELETE',
  path: '/identity/resources/configurations/v1/auth/strategies',
  access: perm('fe.secure.write.securityPolicy', 'account'),
  audit: policy('Sign-in methods'),
};

export const putConfigurationsAuthStrategiesVendor: RouteDescriptor = {
  method: 'PUT',
  path: '/identity/resources/configurations/v1/auth/strategies/vendor',
  access: superUser('account'),
  request: strategies,
  audit: policy('Application sign-in methods'),
};

export const getConfigurationsCaptchaPolicy: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/v1/captcha-policy',
  access: superUser('account'),
};

export const putConfigurationsCaptchaPolicy: RouteDescriptor = {
  method: 'PUT',
  path: '/identity/resources/configurations/v1/captcha-policy',
  access: superUser('account'),
  request: {
    body: s.strictObject(
      {
        enabled: { type: 'boolean' },
        siteKey: key,
        secretKey: { ...key, type: ['string', 'null'] },
        minScore: { type: 'number', minimum: 0, maximum: 1 },
        ignoredEmails: { type: 'array', maxItems: 100, uniqueItems: true, items: s.email },
      },
      ['enabled', 'siteKey'],
    ),
  },
  audit: policy('Captcha policy'),
};

export const postConfigurationsLockoutPolicy: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/configurations/v1/lockout-policy',
  access: perm('fe.secure.write.securityPolicy', 'account'),
  request: lockoutPolicy,
  audit: policy('Lockout policy'),
};

export const patchConfigurationsLockoutPolicy: RouteDescriptor = {
  method: 'PATCH',
  path: '/identity/resources/configurations/v1/lockout-policy',
  access: perm('fe.secure.write.securityPolicy', 'account'),
  request: lockoutPolicy,
  audit: policy('Lockout policy'),
};

export const getConfigurationsPasswordHistoryPolicy: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/v1/password-history-policy',
  access: perm('fe.secure.read.securityPolicy', 'account'),
};

export const getConfigurationsPasswordHistoryPolicyVendor: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/v1/password-history-policy/vendor',
  access: perm('fe.secure.read.securityPolicy', 'account'),
};

export const postConfigurationsPasswordHistoryPolicy: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/configurations/v1/password-history-policy',
  access: perm('fe.secure.write.securityPolicy', 'account'),
  request: historyPolicy,
  audit: policy('Password history policy'),
};

export const patchConfigurationsPasswordHistoryPolicy: RouteDescriptor = {
  method: 'PATCH',
  path: '/identity/resources/configurations/v1/password-history-policy',
  access: perm('fe.secure.write.securityPolicy', 'account'),
  request: historyPolicy,
  audit: policy('Password history policy'),
};

export const getConfigurationsSessions: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/sessions/v1',
  access: perm('fe.secure.read.securityPolicy', 'account'),
};

export const postConfigurationsSessions: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/configurations/sessions/v1',
  access: perm('fe.secure.write.securityPolicy', 'account'),
  request: {
    body: {
      ...s.strictObject({
        sessionTimeoutConfiguration: timeout(POLICY_LIMITS.reloginSeconds),
        sessionIdleTimeoutConfiguration: timeout(POLICY_LIMITS.idleTimeoutSeconds),
        sessionConcurrentConfiguration: s.strictObject(
          { isActive: { type: 'boolean' }, maxSessions: int(POLICY_LIMITS.maxSessions) },
          ['isActive', 'maxSessions'],
        ),
      }),
      minProperties: 1,
    },
  },
  audit: policy('Session policy'),
};
