/**
 * The demo backend's back-office areas, one chunk loaded on the first call none of the eager
 * handlers answers (core/demo/lazyAreas.ts): a sign-in page in demo mode never downloads them.
 */
import { demoSubAccountRoutes } from './subAccounts';
import { demoSecurityPolicyRoutes } from './securityPolicies';
import { demoAuditRoutes } from './audits';
import { demoAuditStreamRoutes } from './auditStreams';
import { demoSecurityCenterRoutes } from './securityCenter';
import { demoDirectoryRoutes } from './directory';
import { demoConnectivityRoutes } from './connectivity';
import { demoBillingRoutes } from './billing';
import { demoReportRoutes } from './reports';
import { demoSsoConfigRoutes } from './ssoConfig';
import { demoSsoLegacyRoutes } from './ssoLegacy';
import { demoRoleRoutes } from './teamRoles';
import { demoGroupRoutes } from './teamGroups';
import { demoTokenRoutes } from './apiTokens';
import type { DemoRoutes } from './dispatch';
import type { DemoClock } from './rows';
import type { UserHandler } from './sessions';

/** Every back-office handler by descriptor name; each needs a signed-in caller. */
export const demoBackOfficeRoutes = (clock: DemoClock): DemoRoutes<UserHandler> => ({
  ...demoSecurityPolicyRoutes(clock),
  ...demoAuditRoutes(clock),
  ...demoReportRoutes(clock),
  ...demoAuditStreamRoutes(clock),
  ...demoSecurityCenterRoutes(clock),
  ...demoConnectivityRoutes(clock),
  ...demoDirectoryRoutes(clock),
  ...demoSubAccountRoutes(clock),
  ...demoSsoConfigRoutes(clock),
  ...demoSsoLegacyRoutes(clock),
  ...demoBillingRoutes(clock),
  ...demoRoleRoutes(clock),
  ...demoGroupRoutes(clock),
  ...demoTokenRoutes(clock),
});
