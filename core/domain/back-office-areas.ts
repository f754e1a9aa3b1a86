/**
 * The back office's areas, registered once for both backends (core/domain/platform.ts): the
 * server registers each handler against the route table with its ports over the server's
 * platform (server/app-routes.ts), demo mode dispatches them over the page's (core/demo/backOffice.ts).
 */
import { ACCOUNT_SETTINGS_HANDLERS, accountSettingsAreaPorts } from './account-settings-handlers';
import { BILLING_HANDLERS } from './billing-handlers';
import { billingAreaPorts } from './billing-ports';
import { API_TOKEN_HANDLERS } from './api-token-handlers';
import { apiTokenAreaPorts } from './api-token-store';
import { GROUP_HANDLERS } from './group-handlers';
import { groupAreaPorts } from './group-store';
import { area, type Area } from './platform';
import { ROLE_HANDLERS } from './role-handlers';
import { roleAreaPorts } from './role-store';
import { PROFILE_HANDLERS, profileAreaPorts } from './profile';
import { SSO_CONFIG_HANDLERS, SSO_LEGACY_HANDLERS, ssoAreaPorts } from './sso-handlers';

export const BACK_OFFICE_AREAS: readonly Area[] = [
  // Roles and permissions, groups, API tokens (issue 6, admin portal part B).
  area(ROLE_HANDLERS, roleAreaPorts),
  area(GROUP_HANDLERS, groupAreaPorts),
  area(API_TOKEN_HANDLERS, apiTokenAreaPorts),
  // Billing, SSO configuration, profile change and picture, host info, account settings.
  area(ACCOUNT_SETTINGS_HANDLERS, accountSettingsAreaPorts),
  area({ ...SSO_CONFIG_HANDLERS, ...SSO_LEGACY_HANDLERS }, ssoAreaPorts),
  area(BILLING_HANDLERS, billingAreaPorts),
  area(PROFILE_HANDLERS, profileAreaPorts),
];
