/**
 * The demo backend's back-office areas, loaded on first use (issue 25, the demo chunk): the page's
 * first demo chunk holds the sessions, sign-in, profile and members (core/demo/backend.ts); a call
 * of a route one of these areas serves imports the area's module during the pause the pipeline
 * takes before answering (core/demo/pipeline.ts), then calls its handler as an eager one. Each
 * area lists the descriptor names its factory registers (`names`, held to what the factory
 * returns by core/demo/lazyAreas.test.ts), so that a route finds its area without loading it.
 * A module that cannot be loaded makes the call fail as a fetch that fails (a TypeError), which
 * the kit shows as its generic network message; the next call tries again.
 */
import type { RouteName } from '../contract/routes';
import type { DemoRoutes, Handler } from './dispatch';
import type { UserHandler } from './sessions';

interface AreaDeps {
  now: () => number;
  random: () => string;
}

export interface LazyArea {
  /** The area's module, for messages. */
  file: string;
  /** The descriptor names the area's factory registers. */
  names: readonly RouteName[];
  load: (deps: AreaDeps) => Promise<DemoRoutes<UserHandler>>;
}

export const LAZY_AREAS: readonly LazyArea[] = [
  {
    file: './securityPolicies',
    names: [
      'getConfigurationsSessions',
      'postConfigurationsSessions',
      'getConfigurations',
      'getConfigurationsRestrictionsEmailDomain',
      'getConfigurationsRestrictionsEmailDomainConfig',
      'postConfigurationsRestrictionsEmailDomainConfig',
      'postConfigurationsRestrictionsEmailDomain',
      'deleteConfigurationsRestrictionsEmailDomainById',
      'getConfigurationsRestrictionsIp',
      'getConfigurationsRestrictionsIpConfig',
      'postConfigurationsRestrictionsIpConfig',
      'postConfigurationsRestrictionsIp',
      'postConfigurationsRestrictionsIpBulk',
      'deleteConfigurationsRestrictionsIpById',
      'postConfigurationsRestrictionsIpVerify',
      'postConfigurationsRestrictionsIpVerifyAllow',
      'getConfigurationsMfaPolicy',
      'getConfigurationsMfaPolicyVendor',
      'postConfigurationsMfaPolicy',
      'patchConfigurationsMfaPolicy',
      'getConfigurationsLockoutPolicy',
      'getConfigurationsLockoutPolicyVendor',
      'postConfigurationsLockoutPolicy',
      'patchConfigurationsLockoutPolicy',
      'getConfigurationsPasswordHistoryPolicy',
      'getConfigurationsPasswordHistoryPolicyVendor',
      'postConfigurationsPasswordHistoryPolicy',
      'patchConfigurationsPasswordHistoryPolicy',
    ],
    load: ({ now, random }) =>
      import('./securityPolicies').then((area) => area.demoSecurityPolicyRoutes({ now, random })),
  },
  {
    file: './audits',
    names: ['getAudits', 'getAuditsStats', 'postAuditsExportCsv', 'postAuditsExportCsvV2'],
    load: ({ now }) => import('./audits').then((area) => area.demoAuditRoutes(now)),
  },
  {
    file: './reports',
    names: [
      'getTenantReports',
      'getTenantReportById',
      'postTenantReportSchedule',
      'getPreviewReport',
      'postSendReport',
      'getNotifications',
      'putNotificationStatus',
      'putNotificationPin',
      'putNotificationUnpin',
      'postNotificationsMarkAllRead',
    ],
    load: ({ now, random }) => import('./reports').then((area) => area.demoReportRoutes({ now, random })),
  },
  {
    file: './auditStreams',
    names: [
      'getAuditStreams',
      'postAuditStream',
      'postAuditStreamPause',
      'postAuditStreamResume',
      'deleteAuditStream',
      'getAuditStreamDeliveries',
      'postAuditStreamBackfill',
    ],
    load: ({ now, random }) =>
      import('./auditStreams').then((area) => area.demoAuditStreamRoutes(now, random)),
  },
  {
    file: './securityCenter',
    names: [
      'getSecurityCenterRecommendations',
      'getSecurityCenterInsights',
      'postUsersPasswordsBreachedResetBulk',
    ],
    load: ({ now }) => import('./securityCenter').then((area) => area.demoSecurityCenterRoutes(now)),
  },
  {
    file: './connectivity',
    names: [
      'getEventConfigurationsCategories',
      'getEventConfigurations',
      'getWebhook',
      'postWebhookCustom',
      'patchWebhookById',
      'deleteWebhookById',
      'getWebhookLogs',
      'getWebhookLogsSlash',
      'postWebhookTest',
      'postWebhookLogsByIdRetries',
      'getIntegrationsConfigurationsEmails',
      'postIntegrationsConfigurationsEmailsByEventKey',
      'patchIntegrationsConfigurationsEmailsByEventKey',
      'deleteIntegrationsConfigurationsEmailsByEventKey',
      'putIntegrationsConfigurationsEmailsByEventKeySubscriptionsById',
      'deleteIntegrationsConfigurationsEmailsByEventKeySubscriptionsById',
      'getIntegrationsConfigurationsSms',
      'postIntegrationsConfigurationsSmsByEventKey',
      'patchIntegrationsConfigurationsSmsByEventKey',
      'deleteIntegrationsConfigurationsSmsByEventKey',
      'putIntegrationsConfigurationsSmsByEventKeySubscriptionsById',
      'deleteIntegrationsConfigurationsSmsByEventKeySubscriptionsById',
      'getIntegrationsConfigurationsSlack',
      'getIntegrationsConfigurationsSlackApplications',
      'getIntegrationsConfigurationsSlackChannels',
      'postIntegrationsConfigurationsSlackChannels',
      'deleteIntegrationsConfigurationsSlackChannelsById',
      'postIntegrationsConfigurationsSlackSubscriptions',
      'patchIntegrationsConfigurationsSlackSubscriptionById',
      'deleteIntegrationsConfigurationsSlackSubscriptionsById',
    ],
    load: ({ now, random }) =>
      import('./connectivity').then((area) => area.demoConnectivityRoutes(now, random)),
  },
  {
    file: './directory',
    names: [
      'getDirectoryConfigurationsScim2',
      'postDirectoryConfigurationsScim2',
      'patchDirectoryConfigurationsScim2ById',
      'deleteDirectoryConfigurationsScim2ById',
      'getDirectoryScimTempByIdUsersCount',
    ],
    load: ({ now, random }) =>
      import('./directory').then((area) => area.demoDirectoryRoutes({ now, random })),
  },
  {
    file: './subAccounts',
    names: [
      'getTenantsHierarchyV2',
      'getTenantsHierarchyMetadata',
      'getTenantsHierarchyV1',
      'getTenantsHierarchyTree',
      'getTenantsHierarchyParents',
      'getTenantsHierarchyParentsByTenantId',
      'postTenantsUsersCount',
      'postTenantsSubTenants',
      'getSubTenantsByTenantIdUsers',
      'postSubTenantsByTenantIdUsers',
      'putSubTenantsByTenantIdUsersByUserIdRoles',
      'putSubTenantsByTenantIdUsersByUserIdAccess',
      'getSubTenantsUsers',
      'patchSubTenantsUsersByUserIdRoles',
      'postSubTenantsUsersByUserIdRoles',
      'deleteSubTenantsUsersByUserIdRoles',
      'putSubTenantsUsersByUserIdAccess',
      'putUsersTenant',
      'getTenantsAccountSettingsCustomLogin',
      'putTenantsAccountSettingsCustomLogin',
      'patchTenantsSubTenantsByTenantId',
      'deleteTenantsSubTenantsByTenantId',
      'deleteSubTenantsByTenantIdUsersByUserId',
      'postSubTenantsUsersV1',
      'postSubTenantsUsersV2',
      'deleteSubTenantsUsers',
    ],
    load: ({ now, random }) =>
      import('./subAccounts').then((area) => area.demoSubAccountRoutes({ now, random })),
  },
  {
    file: './ssoConfig',
    names: [
      'getTeamSsoConfigurations',
      'postTeamSsoConfigurations',
      'patchTeamSsoConfigurationsById',
      'deleteTeamSsoConfigurationsById',
      'postTeamSsoConfigurationsMetadata',
      'postTeamSsoConfigurationsMetadataUrl',
      'putTeamSsoConfigurationsByIdMetadata',
      'putTeamSsoConfigurationsByIdMetadataUrl',
      'postTeamSsoConfigurationsByIdDomains',
      'deleteTeamSsoConfigurationsByIdDomainsByDomainId',
      'putTeamSsoConfigurationsByIdDomainsByDomainIdValidate',
      'getTeamSsoConfigurationsByIdRoles',
      'putTeamSsoConfigurationsByIdRoles',
      'getTeamSsoConfigurationsByIdGroups',
      'postTeamSsoConfigurationsByIdGroups',
      'patchTeamSsoConfigurationsByIdGroupsByGroupId',
      'deleteTeamSsoConfigurationsByIdGroupsByGroupId',
    ],
    load: ({ now, random }) =>
      import('./ssoConfig').then((area) => area.demoSsoConfigRoutes({ now, random })),
  },
  {
    file: './ssoLegacy',
    names: [
      'getTeamSsoSamlConfigurations',
      'postTeamSsoSamlConfigurations',
      'getTeamSsoSamlConfigurationsVendorConfig',
      'putTeamSsoSamlConfigurationsMetadata',
      'putTeamSsoSamlValidationsDomain',
      'getTeamSsoSamlConfigurationsRolesDefault',
      'postTeamSsoSamlConfigurationsRolesDefault',
      'getTeamSsoSamlConfigurationsGroups',
      'postTeamSsoSamlConfigurationsGroups',
      'patchTeamSsoSamlConfigurationsGroupsById',
      'deleteTeamSsoSamlConfigurationsGroupsById',
      'getTeamSsoOidcConfigurations',
    ],
    load: ({ now, random }) =>
      import('./ssoLegacy').then((area) => area.demoSsoLegacyRoutes({ now, random })),
  },
  {
    file: './billing',
    names: [
      'getSubscriptionsBillingPlans',
      'getSubscriptionsBillingPlansByPlanId',
      'getSubscriptionsBillingSubscriptions',
      'getSubscriptionsSubscriptions',
      'getSubscriptionsBillingSubscriptionsById',
      'getSubscriptionsSubscriptionsById',
      'putSubscriptionsBillingSubscriptionsById',
      'putSubscriptionsSubscriptionsById',
      'putSubscriptionsBillingSubscriptionsByIdCancellations',
      'putSubscriptionsSubscriptionsByIdCancellations',
      'putSubscriptionsBillingSubscriptionsByIdRenewals',
      'putSubscriptionsSubscriptionsByIdRenewals',
      'getSubscriptionsBillingInvoices',
      'getSubscriptionsBillingInvoicesById',
      'getSubscriptionsBillingInvoicesByIdPdf',
      'getSubscriptionsBillingPaymentMethods',
      'getSubscriptionsBillingPaymentMethodsById',
      'patchSubscriptionsBillingPaymentMethodsByIdBillingDetails',
      'getSubscriptionsBillingSummariesByTenantId',
      'getSubscriptionsBillingTenantConfigurationsByTenantId',
      'postSubscriptionsBillingTenantConfigurations',
      'getSubscriptionsBillingConfigurationsVendorPublicConfigurations',
      'getSubscriptionsPaymentProviders',
      'getSubscriptionsBillingPaymentProvidersStripePublicConfigurations',
      'getSubscriptionsBillingPaymentProvidersStripeCustomersByTenantId',
      'postSubscriptionsBillingPaymentProvidersStripeCustomers',
      'postSubscriptionsBillingPaymentProvidersStripeSubscriptions',
      'postSubscriptionsBillingPaymentProvidersStripeSetupIntents',
      'postSubscriptionsBillingPaymentProvidersDevelopmentSetupIntentsByIdConfirm',
      'postSubscriptionsBillingPaymentProvidersDevelopmentSetupIntentsByIdAuthenticate',
    ],
    load: ({ now, random }) => import('./billing').then((area) => area.demoBillingRoutes({ now, random })),
  },
  {
    file: './teamRoles',
    names: [
      'getRolesV2',
      'getPermissions',
      'getPermissionsCategories',
      'postRoles',
      'patchRolesByRoleId',
      'deleteRolesByRoleId',
      'putRolesByRoleIdPermissions',
      'putPermissionsByPermissionIdRoles',
    ],
    load: ({ now, random }) => import('./teamRoles').then((area) => area.demoRoleRoutes({ now, random })),
  },
  {
    file: './teamGroups',
    names: [
      'getGroups',
      'postGroups',
      'getGroupsConfig',
      'postGroupsConfig',
      'postGroupsBulkGet',
      'getGroupsById',
      'patchGroupsById',
      'deleteGroupsById',
      'postGroupsByIdRoles',
      'deleteGroupsByIdRoles',
      'postGroupsByIdUsers',
      'deleteGroupsByIdUsers',
    ],
    load: ({ now, random }) => import('./teamGroups').then((area) => area.demoGroupRoutes({ now, random })),
  },
  {
    file: './apiTokens',
    names: [
      'getUsersApiTokens',
      'postUsersApiTokens',
      'patchUsersApiTokensById',
      'deleteUsersApiTokensById',
      'getTenantsApiTokens',
      'postTenantsApiTokensV1',
      'postTenantsApiTokensV2',
      'deleteTenantsApiTokensById',
      'patchTenantsApiTokensById',
      'getUsersAccessTokens',
      'postUsersAccessTokens',
      'deleteUsersAccessTokensById',
      'getTenantsAccessTokens',
      'postTenantsAccessTokens',
      'deleteTenantsAccessTokensById',
    ],
    load: ({ now, random }) => import('./apiTokens').then((area) => area.demoTokenRoutes({ now, random })),
  },
];

interface LazyAreasDeps extends AreaDeps {
  /** Wraps an area's handlers with the bearer's user (core/demo/sessions.ts). */
  signedIn: (area: DemoRoutes<UserHandler>) => DemoRoutes;
}

/**
 * `handlerOf(name)`: the handler of a lazy area's route, its area loaded on the first call (once);
 * undefined at once for a name no lazy area lists.
 */
export function createLazyAreas({ signedIn, ...deps }: LazyAreasDeps, areas = LAZY_AREAS) {
  const areaOf = new Map<RouteName, LazyArea>();
  for (const area of areas) for (const name of area.names) areaOf.set(name, area);
  const loaded = new Map<LazyArea, Promise<DemoRoutes>>();

  function routesOf(area: LazyArea): Promise<DemoRoutes> {
    let routes = loaded.get(area);
    if (!routes) {
      routes = area.load(deps).then(signedIn, (error: unknown) => {
        // Not kept: the next call loads the module again.
        loaded.delete(area);
        throw new TypeError(`Failed to fetch the demo's ${area.file.slice(2)} module`, { cause: error });
      });
      loaded.set(area, routes);
    }
    return routes;
  }

  return {
    handlerOf(name: RouteName): Promise<Handler | undefined> | undefined {
      const area = areaOf.get(name);
      return area && routesOf(area).then((routes) => routes[name]);
    },
  };
}
