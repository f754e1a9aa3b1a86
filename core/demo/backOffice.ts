/**
 * The demo backend's back-office areas, one chunk loaded on the first call none of the eager
 * handlers answers (core/demo/lazyAreas.ts): a sign-in page in demo mode never downloads them.
 */
import { BACK_OFFICE_AREAS, OWN_ROUTE_AREAS, PUBLIC_AREAS } from '../domain/back-office-areas';
import { DEVELOPMENT_CARD_HANDLERS } from '../domain/billing-handlers';
import { billingAreaPorts } from '../domain/billing-ports';
import { area, type Area } from '../domain/platform';
import { PROFILE_IMAGE_HANDLERS, profileImageAreaPorts } from '../domain/profile-image';
import type { AuthResponse } from '../domain/session-tokens';
import type { DemoDatabase, DemoUser } from './data';
import { demoCaller, demoPlatform, demoVisit } from './platform';
import type { DemoClock } from './rows';
import { demoHandlers, demoPublicHandlers } from './shared';
// Federation.
import { DEMO_FEDERATED_SIGN_IN } from './federatedSignIn';
import type { DemoRoutes } from './dispatch';
import { createDemoTokens, type UserHandler } from './sessions';

export interface BackOfficeDeps {
  now: () => number;
  random: () => string;
  /** Opens the browser's session (core/demo/sessions.ts), for a public flow that signs in. */
  startSession: (db: DemoDatabase, user: DemoUser) => Promise<AuthResponse>;
}

/** The handlers of the public areas (core/domain/back-office-areas.ts), over demo mode's platform and the page's visit. */
export const demoPublicAreaRoutes = ({ startSession, ...clock }: BackOfficeDeps): DemoRoutes => {
  // Impersonation's caller is the request's bearer, checked as the demo's tokens check any.
  const tokens = createDemoTokens(clock);
  return Object.assign(
    {},
    ...[
      ...PUBLIC_AREAS,
      // Federation: the post-logins of demo mode's stand-in providers.
      DEMO_FEDERATED_SIGN_IN,
    ].map((area) =>
      area((handlers, ports) =>
        demoPublicHandlers(handlers, (db, request) =>
          ports(
            demoPlatform(db, clock),
            demoVisit(db, startSession, { token: request.token, tokens }, request),
          ),
        ),
      ),
    ),
  );
};

/** The handlers of `areas` (core/domain/platform.ts), each call's ports over demo mode's platform. */
const demoAreas = (areas: readonly Area[], clock: DemoClock): DemoRoutes<UserHandler> =>
  Object.assign(
    {},
    ...areas.map((area) =>
      area((handlers, ports) =>
        demoHandlers(handlers, async (db, user) =>
          ports(demoPlatform(db, clock), await demoCaller(db, user)),
        ),
      ),
    ),
  );

/** Every back-office handler by descriptor name; each needs a signed-in caller. */
export function demoBackOfficeRoutes({ now, random }: BackOfficeDeps): DemoRoutes<UserHandler> {
  return {
    // The areas written once for both backends (core/domain/back-office-areas.ts).
    ...demoAreas(BACK_OFFICE_AREAS, { now, random }),
    // Those the server answers by routes of its own (a page, a file, the bell of a caller of no account).
    ...demoAreas(OWN_ROUTE_AREAS, { now, random }),
    // The development provider's card step and the profile picture's upload (the server registers
    // them apart: with that provider only, with its multipart reading).
    ...demoAreas(
      [
        area(DEVELOPMENT_CARD_HANDLERS, billingAreaPorts),
        area(PROFILE_IMAGE_HANDLERS, profileImageAreaPorts),
      ],
      { now, random },
    ),
  };
}
