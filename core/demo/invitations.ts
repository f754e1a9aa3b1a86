import { fail } from '../contract/answer';
import {
  INVITATION_HANDLERS,
  INVITATION_PUBLIC_HANDLERS,
  RESEND_INVITATION,
  type InvitationHandlerPorts,
  type InvitationPublicPorts,
} from '../domain/invitation-handlers';
import type { DemoRoutes, Handler } from './dispatch';
import type { UserHandler } from './sessions';
import { userByEmail, type DemoDatabase, type DemoUser } from './data';
import {
  demoAcceptancePorts,
  demoInvitationPorts,
  demoInviteLinkPorts,
  type DemoInvitationTools,
} from './invitationStore';
import { appOrigin, demoLimits } from './passwordlessPorts';
import { demoHandlers, demoPublicHandlers, mapRoutes } from './shared';
import { demoPermissionsOf } from './teamAdmin';

/**
 * Demo mode's invitations and invite link: the handlers of core/domain/invitation-handlers.ts (the
 * server's) over the demo's storage (core/demo/invitationStore.ts). The invitation email goes to
 * the demo outbox (GET /dev/outbox), so the demo can follow the link. The public resend counts toward
 * the address's sending limit, as on the server. Each handler gets the bearer's user, or null
 * (core/demo/backend.ts).
 */

export function createDemoInvitations(
  tools: DemoInvitationTools & { userOfToken(db: DemoDatabase, token: string | null): DemoUser | null },
) {
  const publicPorts = (db: DemoDatabase): InvitationPublicPorts => ({
    invitations: demoInvitationPorts(db, tools),
    acceptance: demoAcceptancePorts(db, tools),
    links: demoInviteLinkPorts(db, tools),
    countSend: demoLimits(db, tools.now).countSend,
  });
  const ports = (db: DemoDatabase, caller: DemoUser): InvitationHandlerPorts => ({
    ...publicPorts(db),
    held: async () => demoPermissionsOf(db, caller),
    // The users list's row: the members' module loads with the back office (core/demo/backOffice.ts).
    memberRow: async (tenantId, userId) => (await import('./members')).memberRow(db, tools, tenantId, userId),
    userIdByEmail: async (email) => userByEmail(db, email)?.id ?? null,
    newLinkToken: () => `${tools.random()}${tools.random()}`,
    appUrl: appOrigin(),
    now: tools.now,
  });
  const signedIn = demoHandlers(
    { ...INVITATION_HANDLERS, postUsersInvitationReset: RESEND_INVITATION.signedIn },
    ports,
  );
  const open = demoPublicHandlers(
    { ...INVITATION_PUBLIC_HANDLERS, postUsersInvitationReset: RESEND_INVITATION.public },
    publicPorts,
  );
  // A resend with a bearer is the caller's; without one, the public resend answers.
  const withCaller =
    (user: UserHandler, anyone?: Handler): Handler =>
    (db, request) => {
      const caller = tools.userOfToken(db, request.token);
      return caller ? user(db, caller, request) : anyone ? anyone(db, request) : fail('BEARER_MISSING');
    };
  const routes: DemoRoutes = { ...open, ...mapRoutes(signedIn, (user) => withCaller(user)) };
  routes.postUsersInvitationReset = withCaller(
    signedIn.postUsersInvitationReset!,
    open.postUsersInvitationReset,
  );

  return { routes, publicPorts };
}
