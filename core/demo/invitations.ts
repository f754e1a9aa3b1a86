import {
  INVITATION_PUBLIC_HANDLERS,
  RESEND_INVITATION,
  type InvitationPublicPorts,
} from '../domain/invitation-handlers';
import type { Handler } from './dispatch';
import type { UserHandler } from './sessions';
import type { DemoDatabase, DemoUser } from './data';
import {
  demoAcceptancePorts,
  demoInvitationPorts,
  demoInviteLinkPorts,
  type DemoInvitationTools,
} from './invitationStore';
import { demoLimits } from './passwordlessPorts';
import { demoPublicHandlers } from './shared';

/**
 * Demo mode's invitations and invite link, their public routes: the handlers of
 * core/domain/invitation-handlers.ts (the server's) over the demo's storage
 * (core/demo/invitationStore.ts); the signed-in routes are an area of the back office
 * (core/domain/back-office-areas.ts). The invitation email goes to the demo outbox (GET /dev/outbox),
 * so the demo can follow the link. The public resend counts toward the address's sending limit, as
 * on the server. Each handler gets the bearer's user, or null (core/demo/backend.ts).
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
  const open = demoPublicHandlers(
    { ...INVITATION_PUBLIC_HANDLERS, postUsersInvitationReset: RESEND_INVITATION.public },
    publicPorts,
  );
  /** An admin's resend: the invitations' area over demo mode's platform, loaded with the back office. */
  const resend: UserHandler = async (db, caller, request) => {
    const [{ demoCaller, demoPlatform }, { invitationAreaPorts }] = await Promise.all([
      import('./platform'),
      import('../domain/invitation-area'),
    ]);
    const ports = invitationAreaPorts(demoPlatform(db, tools), demoCaller(db, caller));
    return RESEND_INVITATION.signedIn(ports, {
      ...request,
      tenantId: caller.tenantId,
      userId: caller.id,
      ip: undefined,
    });
  };
  // A resend with a bearer is the caller's; without one, the public resend answers.
  const postUsersInvitationReset: Handler = (db, request) => {
    const caller = tools.userOfToken(db, request.token);
    return caller ? resend(db, caller, request) : open.postUsersInvitationReset!(db, request);
  };

  return { routes: { ...open, postUsersInvitationReset }, publicPorts };
}
