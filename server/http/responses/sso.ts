/** Success answers of the sso routes (core/contract/routes/sso.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/sso';
import { CONFIGURATION, DOMAIN, GROUP, ROLES, ROLE_IDS, SAML_CONFIGURATION } from '../route-schemas/sso';
import { EMPTY, NO_BODY, arr, bool, obj, str } from '../route-schemas/common';
import type { ResponseTable } from './index';

export const SSO_RESPONSES: ResponseTable = [
  [routes.getTeamSsoConfigurationsPublic, { 200: obj({ isActive: bool }, ['isActive']) }],
  [routes.getTeamSsoConfigurations, { 200: arr(CONFIGURATION) }],
  [routes.postTeamSsoConfigurations, { 201: CONFIGURATION }],
  [routes.patchTeamSsoConfigurationsById, { 200: CONFIGURATION }],
  [routes.deleteTeamSsoConfigurationsById, { 200: EMPTY }],
  [routes.postTeamSsoConfigurationsMetadata, { 201: CONFIGURATION }],
  [routes.putTeamSsoConfigurationsByIdMetadata, { 200: CONFIGURATION }],
  [routes.postTeamSsoConfigurationsMetadataUrl, { 201: CONFIGURATION }],
  [routes.putTeamSsoConfigurationsByIdMetadataUrl, { 200: CONFIGURATION }],
  [routes.postTeamSsoConfigurationsByIdDomains, { 201: DOMAIN }],
  [routes.deleteTeamSsoConfigurationsByIdDomainsByDomainId, { 200: EMPTY }],
  [routes.putTeamSsoConfigurationsByIdDomainsByDomainIdValidate, { 200: DOMAIN }],
  [routes.getTeamSsoConfigurationsByIdRoles, { 200: ROLES }],
  [routes.putTeamSsoConfigurationsByIdRoles, { 200: ROLES }],
  [routes.getTeamSsoConfigurationsByIdGroups, { 200: arr(GROUP) }],
  [routes.postTeamSsoConfigurationsByIdGroups, { 201: GROUP }],
  [routes.patchTeamSsoConfigurationsByIdGroupsByGroupId, { 200: GROUP }],
  [routes.deleteTeamSsoConfigurationsByIdGroupsByGroupId, { 200: EMPTY }],
  [routes.getTeamSsoSamlConfigurations, { 200: SAML_CONFIGURATION }],
  [routes.postTeamSsoSamlConfigurations, { 200: SAML_CONFIGURATION }],
  [
    routes.getTeamSsoSamlConfigurationsVendorConfig,
    { 200: obj({ acsUrl: str, spEntityId: str }, ['acsUrl', 'spEntityId']) },
  ],
  [routes.putTeamSsoSamlConfigurationsMetadata, { 200: SAML_CONFIGURATION }],
  [routes.putTeamSsoSamlValidationsDomain, { 200: SAML_CONFIGURATION }],
  [routes.getTeamSsoSamlConfigurationsRolesDefault, { 200: ROLE_IDS }],
  [routes.postTeamSsoSamlConfigurationsRolesDefault, { 200: ROLE_IDS }],
  [routes.getTeamSsoSamlConfigurationsGroups, { 200: arr(GROUP) }],
  [routes.postTeamSsoSamlConfigurationsGroups, { 201: GROUP }],
  [routes.patchTeamSsoSamlConfigurationsGroupsById, { 200: GROUP }],
  [routes.deleteTeamSsoSamlConfigurationsGroupsById, { 200: EMPTY }],
  [
    routes.getTeamSsoOidcConfigurations,
    { 200: obj({ active: bool, redirectUri: str }, ['active', 'redirectUri']) },
  ],
];

/** Bodies of calls that read none, documented. */
export const SSO_BODIES: ResponseTable = [
  [routes.putTeamSsoConfigurationsByIdDomainsByDomainIdValidate, NO_BODY],
  [routes.putTeamSsoSamlValidationsDomain, NO_BODY],
];
