/** Routes: sso. */
import * as s from '../schemas';
import {
  LEGACY_SAML_TYPES,
  group as legacyGroup,
  roleIds as legacyRoleIds,
  url,
} from '../requests-sso-legacy';
import { configuration, group, metadata, metadataUrl, roleIds } from '../requests-sso';
import { audit, perm, pub } from './descriptor';
import type { RouteDescriptor } from './descriptor';

export const getTeamSsoConfigurationsPublic: RouteDescriptor = {
  method: 'GET',
  path: '/team/resources/sso/v2/configurations/public',
  access: pub('SSO availability'),
};

export const getTeamSsoConfigurations: RouteDescriptor = {
  method: 'GET',
  path: '/team/resources/sso/v1/configurations',
  access: perm('fe.secure.read.samlConfiguration', 'account'),
};

export const postTeamSsoConfigurations: RouteDescriptor = {
  method: 'POST',
  path: '/team/resources/sso/v1/configurations',
  access: perm('fe.secure.write.samlConfiguration', 'account'),
  request: { body: configuration },
  audit: audit('sso', 'SSO connection created', 'High'),
};

export const patchTeamSsoConfigurationsById: RouteDescriptor = {
  method: 'PATCH',
  path: '/team/resources/sso/v1/configurations/:id',
  access: perm('fe.secure.write.samlConfiguration', 'resource'),
  request: { body: configuration },
  audit: audit('sso', 'SSO connection changed', 'High', { idName: 'ssoConnection' }),
};

export const deleteTeamSsoConfigurationsById: RouteDescriptor = {
  method: 'DELETE',
  path: '/team/resources/sso/v1/configurations/:id',
  access: perm('fe.secure.write.samlConfiguration', 'resource'),
  audit: audit('sso', 'SSO connection deleted', 'High', { idName: 'ssoConnection' }),
};

export const postTeamSsoConfigurationsMetadata: RouteDescriptor = {
  method: 'POST',
  path: '/team/resources/sso/v1/configurations/metadata',
  access: perm('fe.secure.write.samlConfiguration', 'account'),
  request: metadata,
  audit: audit('sso', 'SSO connection created from metadata', 'High'),
};

export const putTeamSsoConfigurationsByIdMetadata: RouteDescriptor = {
  method: 'PUT',
  path: '/team/resources/sso/v1/configurations/:id/metadata',
  access: perm('fe.secure.write.samlConfiguration', 'resource'),
  request: metadata,
  audit: audit('sso', 'SSO connection metadata changed', 'High', { idName: 'ssoConnection' }),
};

export const postTeamSsoConfigurationsMetadataUrl: RouteDescriptor = {
  method: 'POST',
  path: '/team/resources/sso/v1/configurations/metadata-url',
  access: perm('fe.secure.write.samlConfiguration', 'account'),
  request: metadataUrl,
  audit: audit('sso', 'SSO connection created from a metadata URL', 'High'),
};

export const putTeamSsoConfigurationsByIdMetadataUrl: RouteDescriptor = {
  method: 'PUT',
  path: '/team/resources/sso/v1/configurations/:id/metadata-url',
  access: perm('fe.secure.write.samlConfiguration', 'resource'),
  request: metadataUrl,
  audit: audit('sso', 'SSO connection metadata changed', 'High', { idName: 'ssoConnection' }),
};

export const postTeamSsoConfigurationsByIdDomains: RouteDescriptor = {
  method: 'POST',
  path: '/team/resources/sso/v1/configurations/:id/domains',
  access: perm('fe.secure.write.samlConfiguration', 'resource'),
  request: {
    body: s.strictObject({ domain: { type: 'string', minLength: 1, maxLength: 253 } }, ['domain']),
  },
  audit: audit('sso', 'SSO domain added', 'High'),
};

export const deleteTeamSsoConfigurationsByIdDomainsByDomainId: RouteDescriptor = {
  method: 'DELETE',
  path: '/team/resources/sso/v1/configurations/:id/domains/:domainId',
  access: perm('fe.secure.write.samlConfiguration', 'resource'),
  audit: audit('sso', 'SSO domain removed', 'High'),
};

export const putTeamSsoConfigurationsByIdDomainsByDomainIdValidate: RouteDescriptor = {
  method: 'PUT',
  path: '/team/resources/sso/v1/configurations/:id/domains/:domainId/validate',
  access: perm('fe.secure.write.samlConfiguration', 'resource'),
  audit: audit('sso', 'SSO domain validated', 'High'),
};

export const getTeamSsoConfigurationsByIdRoles: RouteDescriptor = {
  method: 'GET',
  path: '/team/resources/sso/v1/configurations/:id/roles',
  access: perm('fe.secure.read.samlConfiguration', 'resource'),
};

export const putTeamSsoConfigurationsByIdRoles: RouteDescriptor = {
  method: 'PUT',
  path: '/team/resources/sso/v1/configurations/:id/roles',
  access: perm('fe.secure.write.samlConfiguration', 'resource'),
  request: { body: s.strictObject({ roleIds }, ['roleIds']) },
  audit: audit('sso', 'SSO default roles changed', 'High', { idName: 'ssoConnection' }),
};

export const getTeamSsoConfigurationsByIdGroups: RouteDescriptor = {
  method: 'GET',
  path: '/team/resources/sso/v1/configurations/:id/groups',
  access: perm('fe.secure.read.samlConfiguration', 'resource'),
};

export const postTeamSsoConfigurationsByIdGroups: RouteDescriptor = {
  method: 'POST',
  path: '/team/resources/sso/v1/configurations/:id/groups',
  access: perm('fe.secure.write.samlConfiguration', 'resource'),
  request: { body: s.strictObject({ group, roleIds }, ['group']) },
  audit: audit('sso', 'SSO group mapping added', 'High'),
};

export const patchTeamSsoConfigurationsByIdGroupsByGroupId: RouteDescriptor = {
  method: 'PATCH',
  path: '/team/resources/sso/v1/configurations/:id/groups/:groupId',
  access: perm('fe.secure.write.samlConfiguration', 'resource'),
  request: { body: s.strictObject({ group, roleIds }) },
  audit: audit('sso', 'SSO group mapping changed', 'High'),
};

export const deleteTeamSsoConfigurationsByIdGroupsByGroupId: RouteDescriptor = {
  method: 'DELETE',
  path: '/team/resources/sso/v1/configurations/:id/groups/:groupId',
  access: perm('fe.secure.write.samlConfiguration', 'resource'),
  audit: audit('sso', 'SSO group mapping removed', 'High'),
};

export const getTeamSsoSamlConfigurations: RouteDescriptor = {
  method: 'GET',
  path: '/team/resources/sso/v1/saml/configurations',
  access: perm('fe.secure.read.samlConfiguration', 'account'),
};

export const postTeamSsoSamlConfigurations: RouteDescriptor = {
  method: 'POST',
  path: '/team/resources/sso/v1/saml/configurations',
  access: perm('fe.secure.write.samlConfiguration', 'account'),
  request: {
    body: s.strictObject({
      enabled: { type: 'boolean' },
      domain: { type: 'string', minLength: 1, maxLength: 253 },
      type: { type: 'string', enum: LEGACY_SAML_TYPES },
      ssoEndpoint: url,
      publicCertificate: { type: 'string', maxLength: 20000 },
      signRequest: { type: 'boolean' },
      acsUrl: url,
      spEntityId: url,
      isSamlActive: { type: 'boolean' },
      oidcClientId: { type: 'string', maxLength: 500 },
      oidcSecret: { type: 'string', maxLength: 2000 },
    }),
  },
  audit: audit('sso', 'SSO connection changed', 'High'),
};

export const getTeamSsoSamlConfigurationsVendorConfig: RouteDescriptor = {
  method: 'GET',
  path: '/team/resources/sso/v1/saml/configurations/vendor-config',
  access: perm('fe.secure.read.samlConfiguration', 'account'),
};

export const putTeamSsoSamlConfigurationsMetadata: RouteDescriptor = {
  method: 'PUT',
  path: '/team/resources/sso/v1/saml/configurations/metadata',
  access: perm('fe.secure.write.samlConfiguration', 'account'),
  request: {
    body: s.strictObject({ metadata: { type: 'string', minLength: 1, maxLength: 500000 } }, ['metadata']),
  },
  audit: audit('sso', 'SSO connection metadata changed', 'High'),
};

export const putTeamSsoSamlValidationsDomain: RouteDescriptor = {
  method: 'PUT',
  path: '/team/resources/sso/v1/saml/validations/domain',
  access: perm('fe.secure.write.samlConfiguration', 'account'),
  audit: audit('sso', 'SSO domain validated', 'High'),
};

export const getTeamSsoSamlConfigurationsRolesDefault: RouteDescriptor = {
  method: 'GET',
  path: '/team/resources/sso/v1/saml/configurations/roles/default',
  access: perm('fe.secure.read.samlConfiguration', 'account'),
};

export const postTeamSsoSamlConfigurationsRolesDefault: RouteDescriptor = {
  method: 'POST',
  path: '/team/resources/sso/v1/saml/configurations/roles/default',
  access: perm('fe.secure.write.samlConfiguration', 'account'),
  request: { body: s.strictObject({ roleIds: legacyRoleIds }, ['roleIds']) },
  audit: audit('sso', 'SSO default roles changed', 'High'),
};

export const getTeamSsoSamlConfigurationsGroups: RouteDescriptor = {
  method: 'GET',
  path: '/team/resources/sso/v2/saml/configurations/groups',
  access: perm('fe.secure.read.samlConfiguration', 'account'),
};

export const postTeamSsoSamlConfigurationsGroups: RouteDescriptor = {
  method: 'POST',
  path: '/team/resources/sso/v2/saml/configurations/groups',
  access: perm('fe.secure.write.samlConfiguration', 'account'),
  request: { body: s.strictObject({ group: legacyGroup, roleIds: legacyRoleIds }, ['group']) },
  audit: audit('sso', 'SSO group mapping added', 'High'),
};

export const patchTeamSsoSamlConfigurationsGroupsById: RouteDescriptor = {
  method: 'PATCH',
  path: '/team/resources/sso/v2/saml/configurations/groups/:id',
  access: perm('fe.secure.write.samlConfiguration', 'resource'),
  request: { body: s.strictObject({ group: legacyGroup, roleIds: legacyRoleIds }) },
  audit: audit('sso', 'SSO group mapping changed', 'High'),
};

export const deleteTeamSsoSamlConfigurationsGroupsById: RouteDescriptor = {
  method: 'DELETE',
  path: '/team/resources/sso/v2/saml/configurations/groups/:id',
  access: perm('fe.secure.write.samlConfiguration', 'resource'),
  audit: audit('sso', 'SSO group mapping removed', 'High'),
};

export const getTeamSsoOidcConfigurations: RouteDescriptor = {
  method: 'GET',
  path: '/team/resources/sso/v1/oidc/configurations',
  access: perm('fe.secure.read.samlConfiguration', 'account'),
};
