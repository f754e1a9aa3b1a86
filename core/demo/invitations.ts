import {
  INVITATION_PUBLIC_HANDLERS,
  RESEND_INVITATION,
  type InvitationPublicPorts,
} from '../domain/invitation-handlers';
import type { AuthResponse } from '../domain/session-tokens';
import type { Handler, DemoRoutes } from './dispatch';
import type { UserHandler } from './sessions';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoClock } from './rows';
import { mapRoutes } from './shared';

/**
 * Demo mode's invitations and invite link, their public routes: the handlers of
 * core/domain/invitation-handlers.ts over the ports both backends assemble
 * (core/domain/invitation-area.ts) on demo mode's platform, loaded on first use with the back
 * office (core/demo/lazyAreas.ts); the signed-in routes are an area of the back office
 * (core/domain/back-office-areas.ts). The invitation email goes to the demo outbox (GET
 * /dev/outbox), so the demo can follow the link. The public resend counts toward the address's
 * sending limit, as on the server. A resend with a bearer is the caller's.
 */

interface DemoInvitationTools extends DemoClock {
  userOfToken(db: DemoDatabase, token: string | null): DemoUser | null;
  startSession(db: DemoDatabase, user: DemoUser): Promise<AuthResponse>;
}

export function createDemoInvitations(tools: DemoInvitationTools) {
  const load = () =>
    Promise.all([import('./platform'), import('../domain/invitation-area')]).then(([platform, area]) => ({
      ...platform,
      ...area,
    }));
  /** The public routes' ports over demo mode's platform and the page's visit. */
  const portsOf = async (db: DemoDatabase): Promise<InvitationPublicPorts> => {
    const { demoPlatform, demoVisit, invitationPublicAreaPorts } = await load();
    return invitationPublicAreaPorts(demoPlatform(db, tools), demoVisit(db, tools.startSession));
  };
  const open: DemoRoutes = mapRoutes(
    { ...INVITATION_PUBLIC_HANDLERS, postUsersInvitationReset: RESEND_INVITATION.public },
    (handler) => async (db, request) => handler(await portsOf(db), { ...request, ip: undefined }),
  );
  /** An admin's resend: the invitations' area over demo mode's platform. */
  const resend: UserHandler = async (db, caller, request) => {
    const { demoCaller, demoPlatform, invitationAreaPorts } = await load();
    const ports = invitationAreaPorts(demoPlatform(db, tools), await demoCaller(db, caller));
    return RESEND_INVITATION.signedIn(ports, {
      ...request,
      tenantId: caller.tenantId,
      userId: caller.id,
      ip: undefined,
    });
  };
  const postUsersInvitationReset: Handler = (db, request) => {
    const caller = tools.userOfToken(db, request.token);
    return caller ? resend(db, caller, request) : open.postUsersInvitationReset!(db, request);
  };
  return { routes: { ...open, postUsersInvitationReset } };
}
