import { type Answer, fail, ok } from '../contract/answer';
import { holdsPermission } from '../contract/permissions';
import * as rules from '../domain/invitations';
import type { DemoRequest, DemoRoutes } from './dispatch';
import type { DemoDatabase, DemoUser } from './data';
import {
  appOrigin,
  demoAcceptancePorts,
  demoInvitationPorts,
  demoInviteLinkPorts,
  demoLiveInviteLink,
  type DemoInvitationTools,
} from './invitationStore';

/**
 * Demo mode's invitations and invite link, registered by descriptor name
 * (core/contract/routes/team.ts): the rules of core/domain/invitations.ts over the demo's storage
 * (core/demo/invitationStore.ts), as the server runs them over its SQL. The invitation email goes to
 * the demo outbox (GET /dev/outbox), so the demo can follow the link. The descriptor's access check
 * ran before (core/demo/dispatch.ts); bodies passed the contract's schemas.
 */

type Handler = (db: DemoDatabase, request: DemoRequest, caller: DemoUser | null) => Answer | Promise<Answer>;
type Body = Record<string, string | undefined>;

export function createDemoInvitations(tools: DemoInvitationTools) {
  const scope = (caller: DemoUser) => ({ tenantId: caller.tenantId, appUrl: appOrigin(), now: tools.now() });
  const ports = (db: DemoDatabase) => demoInvitationPorts(db, tools);
  const links = (db: DemoDatabase) => demoInviteLinkPorts(db, tools);

  /** A handler of a signed-in caller (the descriptor's access check found one). */
  const signedIn =
    (fn: (db: DemoDatabase, caller: DemoUser, request: DemoRequest) => Promise<Answer>): Handler =>
    (db, request, caller) =>
      caller ? fn(db, caller, request) : fail('UNAUTHORIZED');

  const routes: DemoRoutes<Handler> = {
    postUsers: signedIn(async (db, caller, { body }) => {
      const { userId, created } = await rules.inviteUser(ports(db), {
        ...body,
        email: body.email as string,
        tenantId: caller.tenantId,
        inviterId: caller.id,
        held: tools.permissionsOf(caller, db),
      });
      const user = db.users.find((u) => u.id === userId)!;
      return ok(tools.listItem(db, user), true, created ? 201 : 200);
    }),
    // The one-user resend checks its caller itself (its descriptor's `inHandler`).
    postUsersInvitationReset: async (db, { body }, caller) => {
      const { userId, email } = body as Body;
      if (!caller) {
        if (email === undefined) return fail('UNAUTHORIZED');
        // The client SDK's public resend: the same answer whatever the address (not enumerable).
        await rules.resendInvitationsToEmail(ports(db), email);
        return ok({}, true);
      }
      if (!holdsPermission(tools.permissionsOf(caller, db), rules.INVITE_PERMISSION))
        return fail('PERMISSION_REQUIRED', { permission: rules.INVITE_PERMISSION });
      await rules.resendInvitation(ports(db), {
        userId,
        email,
        tenantId: caller.tenantId,
        inviterId: caller.id,
      });
      return ok({}, true);
    },
    postUsersInvitationResetAll: signedIn(async (db, caller, { body }) => {
      const { userId, email } = body as Body;
      const byEmail = !userId && email ? db.users.find((u) => u.email === email.trim().toLowerCase()) : null;
      const sent = await rules.resendAllInvitations(ports(db), {
        callerId: caller.id,
        userId: userId ?? byEmail?.id ?? null,
      });
      return ok(sent, true);
    }),
    postUsersInvitationVerify: async (db, { body }) =>
      ok(
        await rules.verifyInvitation(
          demoAcceptancePorts(db, tools),
          body.userId as string,
          body.token as string,
        ),
      ),
    postUsersInvitationAccept: async (db, { body }) => {
      const input = body as { userId: string; token: string; password?: string | null };
      return ok(await rules.acceptInvitation(demoAcceptancePorts(db, tools), input, true), true);
    },
    getTenantsInvitesConfiguration: signedIn(async () => ok(rules.inviteLinkConfiguration())),
    getTenantsInvitesUser: signedIn(async (db, caller) =>
      ok(await rules.readInviteLink(links(db), scope(caller), tools.permissionsOf(caller, db))),
    ),
    postTenantsInvitesUser: signedIn(async (db, caller, { body }) => {
      const created = await rules.createInviteLink(links(db), scope(caller), {
        ...body,
        token: `${tools.random()}${tools.random()}`,
        createdBy: caller.id,
      });
      return ok(created, true, 201);
    }),
    patchTenantsInvitesUser: signedIn(async (db, caller, { body }) =>
      ok(await rules.updateInviteLink(links(db), scope(caller), body), true),
    ),
    deleteTenantsInvitesUser: signedIn(async (db, caller) => {
      await rules.deleteInviteLink(links(db), caller.tenantId);
      return ok({}, true);
    }),
    postTenantsInvitesVerify: async (db, { body }) =>
      ok((await rules.inviteLinkTenant(links(db), body.token as string)).name),
  };

  /** The account a sign-up's invitationToken joins; a failure answer when it is not live. */
  function signUpTenant(
    db: DemoDatabase,
    token: unknown,
  ): { tenantId: string; shouldSendEmail: boolean } | Answer {
    const link = demoLiveInviteLink(db, token, tools.now());
    return link
      ? { tenantId: link.tenantId, shouldSendEmail: link.shouldSendEmail }
      : fail('INVITE_LINK_INVALID');
  }

  return { routes, signUpTenant };
}
