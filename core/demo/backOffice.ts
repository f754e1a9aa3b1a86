/**
 * The demo backend's back-office areas, one chunk loaded on the first call none of the eager
 * handlers answers (core/demo/lazyAreas.ts): a sign-in page in demo mode never downloads them.
 */
import { BACK_OFFICE_AREAS, OWN_ROUTE_AREAS, PUBLIC_AREAS } from '../domain/back-office-areas';
import { DEVELOPMENT_CARD_HANDLERS } from '../domain/billing-handlers';
import { billingAreaPorts } from '../domain/billing-ports';
import { area, publicArea, type Area, type PublicArea } from '../domain/platform';
import { PROFILE_IMAGE_HANDLERS, profileImageAreaPorts } from '../domain/profile-image';
import type { AuthResponse } from '../domain/session-tokens';
import { contractError } from '../contract/errors';
import type { DemoDatabase, DemoUser } from './data';
import { demoCaller, demoPlatform, demoVisit } from './platform';
// Federation.
import { DEMO_FEDERATED_SIGN_IN } from './federatedSignIn';
import { demoHandlers, type DemoRoutes } from './dispatch';
import { createDemoTokens } from './sessions';
// Demo dispatch: the invite link's verify (the server answers it by a route of its own, as a JSON string).
import { INVITE_LINK_VERIFY_HANDLERS } from '../domain/invitation-handlers';
import { invitationPublicAreaPorts } from '../domain/invitation-area';

export interface BackOfficeDeps {
  now: () => number;
  random: () => string;
  /** Opens the browser's session (core/demo/sessions.ts), for a public flow that signs in. */
  startSession: (db: DemoDatabase, user: DemoUser) => Promise<AuthResponse>;
}

/**
 * Every handler of the back office by descriptor name: the areas written once for both backends
 * (core/domain/back-office-areas.ts), public ones over demo mode's platform and the page's visit,
 * signed-in ones over the platform and the caller the access check verified.
 */
export function demoBackOfficeRoutes({ startSession, ...clock }: BackOfficeDeps): DemoRoutes {
  // Impersonation's caller is the request's bearer, checked as the demo's tokens check any.
  const tokens = createDemoTokens(clock);
  const publicAreas: readonly PublicArea[] = [
    ...PUBLIC_AREAS,
    // Federation: the post-logins of demo mode's stand-in providers.
    DEMO_FEDERATED_SIGN_IN,
    // Demo dispatch: the invite link's verify.
    publicArea(INVITE_LINK_VERIFY_HANDLERS, invitationPublicAreaPorts),
  ];
  const areas: readonly Area[] = [
    ...BACK_OFFICE_AREAS,
    // Those the server answers by routes of its own (a page, a file, the bell of a caller of no account).
    ...OWN_ROUTE_AREAS,
    // The development provider's card step and the profile picture's upload (the server registers
    // them apart: with that provider only, with its multipart reading).
    area(DEVELOPMENT_CARD_HANDLERS, billingAreaPorts),
    area(PROFILE_IMAGE_HANDLERS, profileImageAreaPorts),
  ];
  return Object.assign(
    {},
    ...publicAreas.map((entry) =>
      entry((handlers, ports) =>
        demoHandlers(handlers, (db, request) =>
          ports(
            demoPlatform(db, clock),
            demoVisit(db, startSession, { token: request.token, tokens }, request),
          ),
        ),
      ),
    ),
    ...areas.map((entry) =>
      entry((handlers, ports) =>
        demoHandlers(handlers, async (db, { caller }) => {
          if (!caller) throw contractError('UNAUTHORIZED');
          return ports(demoPlatform(db, clock), await demoCaller(db, caller));
        }),
      ),
    ),
  );
}
