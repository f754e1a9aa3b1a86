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
import { demoReportRoutes } from './reports';
import { BACK_OFFICE_AREAS } from '../domain/back-office-areas';
import { area, type Area } from '../domain/platform';
import { DEVELOPMENT_CARD_HANDLERS } from '../domain/billing-handlers';
import { billingAreaPorts } from '../domain/billing-ports';
import { PROFILE_IMAGE_HANDLERS, profileImageAreaPorts } from '../domain/profile-image';
import { demoCaller, demoPlatform } from './platform';
import type { DemoClock } from './rows';
import { demoHandlers } from './shared';
import { demoUsageRoutes } from './usage';
import { demoMemberListRoutes } from './members';
import type { DemoRoutes } from './dispatch';
import type { UserHandler } from './sessions';

export interface BackOfficeDeps {
  now: () => number;
  random: () => string;
}

/** The handlers of `areas` (core/domain/platform.ts), each call's ports over demo mode's platform. */
const demoAreas = (areas: readonly Area[], clock: DemoClock): DemoRoutes<UserHandler> =>
  Object.assign(
    {},
    ...areas.map((area) =>
      area((handlers, ports) =>
        demoHandlers(handlers, (db, user) => ports(demoPlatform(db, clock), demoCaller(db, user))),
      ),
    ),
  );

/** Every back-office handler by descriptor name; each needs a signed-in caller. */
export function demoBackOfficeRoutes({ now, random }: BackOfficeDeps): DemoRoutes<UserHandler> {
  return {
    // The areas written once for both backends (core/domain/back-office-areas.ts).
    ...demoAreas(BACK_OFFICE_AREAS, { now, random }),
    // The security page's policies and restrictions, the audit log.
    ...demoSecurityPolicyRoutes({ now, random }),
    ...demoAuditRoutes({ now, random }),
    // Reports and notifications, audit streams, the security centre, connectivity, directory.
    ...demoReportRoutes({ now, random }),
    ...demoAuditStreamRoutes({ now, random }),
    ...demoSecurityCenterRoutes({ now, random }),
    ...demoConnectivityRoutes({ now, random }),
    ...demoDirectoryRoutes({ now, random }),
    // Sub-accounts, their members, the tenant switch and custom login.
    ...demoSubAccountRoutes({ now, random }),
    // The development provider's card step and the profile picture's upload (the server registers
    // them apart: with that provider only, with its multipart reading).
    ...demoAreas(
      [
        area(DEVELOPMENT_CARD_HANDLERS, billingAreaPorts),
        area(PROFILE_IMAGE_HANDLERS, profileImageAreaPorts),
      ],
      { now, random },
    ),
    // The users page: members, their roles, sessions and Unlock.
    ...demoMemberListRoutes({ now, random }),
    // The account's usage.
    ...demoUsageRoutes(now),
  };
}
