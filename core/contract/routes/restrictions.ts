/** Routes: restrictions. */
import * as s from '../schemas';
import { ipEntry, listType } from '../requests-security';
import { audit, perm } from './descriptor';
import type { RouteDescriptor } from './descriptor';

export const getConfigurationsRestrictionsIp: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/v1/restrictions/ip',
  access: perm('fe.secure.read.securityPolicy', 'account'),
  request: {
    querystring: s.strictObject({
      _offset: { type: 'string', pattern: '^[0-9]{1,6}$' },
      _limit: { type: 'string', pattern: '^([1-9][0-9]?|100)$' },
      _filter: { type: 'string', enum: ['ALLOW', 'BLOCK', ''] },
    }),
  },
};

export const getConfigurationsRestrictionsIpConfig: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/v1/restrictions/ip/config',
  access: perm('fe.secure.read.securityPolicy', 'account'),
};

export const postConfigurationsRestrictionsIpConfig: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/configurations/v1/restrictions/ip/config',
  access: perm('fe.secure.write.securityPolicy', 'account'),
  request: {
    body: s.strictObject({ isActive: { type: 'boolean' }, strategy: listType }, ['isActive']),
  },
  audit: audit('restrictions', 'IP restrictions changed', 'High'),
};

export const postConfigurationsRestrictionsIp: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/configurations/v1/restrictions/ip',
  access: perm('fe.secure.write.securityPolicy', 'account'),
  request: { body: ipEntry },
  audit: audit('restrictions', 'IP restriction added', 'High'),
};

export const postConfigurationsRestrictionsIpBulk: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/configurations/v1/restrictions/ip/bulk',
  access: perm('fe.secure.write.securityPolicy', 'account'),
  request: {
    body: s.strictObject({ ips: { type: 'array', minItems: 1, maxItems: 100, items: ipEntry } }, ['ips']),
  },
  audit: audit('restrictions', 'IP restrictions added', 'High'),
};

export const deleteConfigurationsRestrictionsIpById: RouteDescriptor = {
  method: 'DELETE',
  path: '/identity/resources/configurations/v1/restrictions/ip/:id',
  access: perm('fe.secure.write.securityPolicy', 'resource'),
  audit: audit('restrictions', 'IP restriction removed', 'High', { idName: 'ipRestriction' }),
};

export const postConfigurationsRestrictionsIpVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/configurations/v1/restrictions/ip/verify',
  access: perm('fe.secure.read.securityPolicy', 'account'),
};

export const postConfigurationsRestrictionsIpVerifyAllow: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/configurations/v1/restrictions/ip/verify/allow',
  access: perm('fe.secure.read.securityPolicy', 'account'),
};

export const getConfigurationsRestrictionsEmailDomain: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/restrictions/v1/email-domain',
  access: perm('fe.secure.read.securityPolicy', 'account'),
};

export const getConfigurationsRestrictionsEmailDomainConfig: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/configurations/restrictions/v1/email-domain/config',
  access: perm('fe.secure.read.securityPolicy', 'account'),
};

export const postConfigurationsRestrictionsEmailDomainConfig: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/configurations/restrictions/v1/email-domain/config',
  access: perm('fe.secure.write.securityPolicy', 'account'),
  request: {
    body: s.strictObject(
      { active: { type: 'boolean' }, blockPublicDomains: { type: 'boolean' }, type: listType },
      ['active'],
    ),
  },
  audit: audit('restrictions', 'Email-domain restrictions changed', 'High'),
};

export const postConfigurationsRestrictionsEmailDomain: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/configurations/restrictions/v1/email-domain',
  access: perm('fe.secure.write.securityPolicy', 'account'),
  request: {
    body: s.strictObject({ domain: { type: 'string', minLength: 1, maxLength: 253 }, type: listType }, [
      'domain',
      'type',
    ]),
  },
  audit: audit('restrictions', 'Email domain restriction added', 'High'),
};

export const deleteConfigurationsRestrictionsEmailDomainById: RouteDescriptor = {
  method: 'DELETE',
  path: '/identity/resources/configurations/restrictions/v1/email-domain/:id',
  access: perm('fe.secure.write.securityPolicy', 'resource'),
  audit: audit('restrictions', 'Email domain restriction removed', 'High', { idName: 'emailDomain' }),
};

export const getSecurityCenterRecommendations: RouteDescriptor = {
  method: 'GET',
  path: '/security-center/resources/recommendations/v1',
  access: perm('fe.secure.read.securityPolicy', 'account'),
};

export const getSecurityCenterInsights: RouteDescriptor = {
  method: 'GET',
  path: '/security-center/resources/insights/v1',
  access: perm('fe.secure.read.securityPolicy', 'account'),
};
