import { type Answer, fail, failWith, ok } from '../contract/answer';
import { contractError } from '../contract/errors';
import { holdsPermission } from '../contract/permissions';
import { INVITE_LINK_MAX_MINUTES } from '../contract/requests';
import type { DemoRoutes } from './dispatch';
import { demoEmail } from './delivery';
import type { DemoDatabase, DemoUser } from './data';
import { DEMO_PASSWORD_MIN_LENGTH, DEMO_ROLES } from './data';

/**
 * Demo mode's invitations, invite link and users v3, answering like the reference server
 * (server/routes/invitations.ts, team-users.ts): same fields, checks, statuses and messages.
 * The invitation email goes to the demo outbox (GET /dev/outbox), so the demo can follow the link.
 * Bodies reach these handlers checked against the contract's schemas (core/contract/requests.ts).
 */

type Json = Record<string, unknown>;
interface Request {
  body: Json;
  query: Record<string, string>;
}
type Handler = (db: DemoDatabase, request: Request, caller: DemoUser | null) => Answer;

const DAY_MS = 24 * 3600_000;
const INVITE_LINK_DEFAULT_MINUTES = 43200;

const appOrigin = () => globalThis.location?.origin ?? 'https://demo.auth-elements.invalid';

interface DemoInvitationTools {
  random(): string;
  now(): number;
  sendEmail(db: DemoDatabase, to: string, subject: string, text: string): void;
  /** The "Choose your password" email after an invitation accepted without one. */
  sendChoosePassword(db: DemoDatabase, user: DemoUser, tenantName: string): void;
  permissionsOf(user: DemoUser, db: DemoDatabase): string[];
  /** The users list row of the demo (the v2 list's item). */
  listItem(db: DemoDatabase, user: DemoUser): Json;
}

export function createDemoInvitations(tools: DemoInvitationTools) {
  const may = (db: DemoDatabase, caller: DemoUser, permission: string) =>
    holdsPermission(tools.permissionsOf(caller, db), permission);
  const tenantName = (db: DemoDatabase, tenantId: string) =>
    db.tenants.find((t) => t.tenantId === tenantId)?.name ?? '';

  function sendInvitation(db: DemoDatabase, user: DemoUser, inviter: DemoUser | null) {
    const tokens = (db.oneTimeTokens ??= []);
    for (const t of tokens) if (t.userId === user.id && t.purpose === 'invitation') t.used = true;
    const token = `${tools.random()}${tools.random()}`;
    tokens.push({
      purpose: 'invitation',
      userId: user.id,
      token,
      expiresAt: tools.now() + 7 * DAY_MS,
      used: false,
    });
    const link = new URL('/account/invitation/accept', appOrigin());
    link.searchParams.set('userId', user.id);
    link.searchParams.set('token', token);
    const tenant = tenantName(db, user.tenantId);
    tools.sendEmail(
      db,
      user.email,
      ...demoEmail(db, user, 'invitation', {
        link: link.toString(),
        tenantName: tenant,
        inviterName: inviter?.name ?? null,
      }),
    );
  }

  function live(db: DemoDatabase, body: Json) {
    const user = db.users.find((u) => u.id === body.userId && u.invitationPending === true);
    const link = (db.oneTimeTokens ?? []).find(
      (t) =>
        t.purpose === 'invitation' &&
        t.userId === body.userId &&
        t.token === body.token &&
        !t.used &&
        t.expiresAt > tools.now(),
    );
    return user && link ? { user, link } : null;
  }

  function invite(db: DemoDatabase, caller: DemoUser, body: Json): Answer {
    if (typeof body.name === 'string' && !body.name.trim()) return fail('NAME_EMPTY');
    const roleIds = (body.roleIds as string[] | undefined) ?? [];
    const keys = [...new Set(roleIds.map((id) => id.replace(/^role-/, '')))];
    if (keys.some((key) => !DEMO_ROLES[key])) return fail('ROLES_UNKNOWN');
    const email = (body.email as string).trim().toLowerCase();
    const existing = db.users.find((u) => u.email.toLowerCase() === email);
    if (existing?.invitationPending && existing.tenantId === caller.tenantId && body.roleIds === undefined) {
      // The client SDK re-invites with this call (server/routes/invitations.ts): a fresh link.
      sendInvitation(db, existing, caller);
      return ok(tools.listItem(db, existing), true);
    }
    if (existing) {
      // Demo users belong to one account each.
      return fail(existing.invitationPending ? 'ALREADY_INVITED' : 'ALREADY_MEMBER');
    }
    const user: DemoUser = {
      id: tools.random(),
      email,
      name: typeof body.name === 'string' ? body.name.trim() : email.split('@')[0]!,
      password: '',
      tenantId: caller.tenantId,
      roleKeys: keys,
      createdAt: new Date(tools.now()).toISOString(),
      verified: false,
      invitationPending: true,
      phoneNumber: typeof body.phoneNumber === 'string' ? body.phoneNumber.trim() || null : null,
    };
    db.users.push(user);
    if (body.skipInviteEmail !== true) sendInvitation(db, user, caller);
    return ok(tools.listItem(db, user), true, 201);
  }

  /** The signed-in resends; the one-user resend checks its caller itself (its descriptor's `inHandler`). */
  function resend(db: DemoDatabase, caller: DemoUser, body: Json, all: boolean): Answer {
    if (!may(db, caller, 'fe.secure.write.users'))
      return fail('PERMISSION_REQUIRED', { permission: 'fe.secure.write.users' });
    const byEmail = typeof body.email === 'string';
    const user = db.users.find(
      (u) =>
        (byEmail ? u.email === (body.email as string).trim().toLowerCase() : u.id === body.userId) &&
        u.tenantId === caller.tenantId,
    );
    if (!user) return all ? fail('INVITATION_NONE_PENDING') : fail('MEMBER_NOT_FOUND');
    if (!user.invitationPending) return all ? fail('INVITATION_NONE_PENDING') : fail('INVITATION_ACCEPTED');
    sendInvitation(db, user, caller);
    return ok(all ? { tenantIds: [user.tenantId] } : {}, true);
  }

  function linkDto(db: DemoDatabase) {
    const link = db.inviteLinks?.[0];
    if (!link) return null;
    return {
      id: link.id,
      tenantId: link.tenantId,
      vendorId: 'demo-vendor',
      expiresInMinutes: link.expiresInMinutes,
      expiresAt: new Date(link.expiresAt).toISOString(),
      // The client SDK's name for the same moment (IInviteUserLinkResponse.expires).
      expires: new Date(link.expiresAt).toISOString(),
      shouldSendEmail: link.shouldSendEmail,
      expired: link.expiresAt <= tools.now(),
      createdAt: link.createdAt,
      updatedAt: link.updatedAt,
    };
  }

  /** The link's token and the address to share (the client SDK reads the token on every answer). */
  function shareable(db: DemoDatabase) {
    const token = db.inviteLinks?.[0]?.token;
    if (!token) return {};
    const link = new URL('/account/sign-up', appOrigin());
    link.searchParams.set('invitationToken', token);
    return { token, link: link.toString() };
  }

  const linkOf = (db: DemoDatabase, token: unknown) =>
    (db.inviteLinks ?? []).find(
      (l) => typeof token === 'string' && l.token === token && l.expiresAt > tools.now(),
    );

  // The access check, from each descriptor, ran before (core/demo/dispatch.ts).
  const authed =
    (fn: (db: DemoDatabase, caller: DemoUser, request: Request) => Answer): Handler =>
    (db, request, caller) =>
      caller ? fn(db, caller, request) : fail('UNAUTHORIZED');

  const routes: DemoRoutes<Handler> = {
    postUsers: (db, { body }, caller) => (caller ? invite(db, caller, body) : fail('UNAUTHORIZED')),
    postUsersInvitationReset: (db, { body }, caller) => {
      if (caller) return resend(db, caller, body, false);
      if (typeof body.email !== 'string') return fail('UNAUTHORIZED');
      // The client SDK's public resend: the same answer whatever the address (not enumerable).
      const invitee = db.users.find(
        (u) => u.invitationPending && u.email === (body.email as string).trim().toLowerCase(),
      );
      if (invitee) sendInvitation(db, invitee, null);
      return ok({}, true);
    },
    postUsersInvitationResetAll: (db, { body }, caller) =>
      caller ? resend(db, caller, body, true) : fail('UNAUTHORIZED'),
    postUsersInvitationVerify: (db, { body }) => {
      const found = live(db, body);
      if (!found) return failWith(contractError('INVITATION_INVALID').withStatus(400));
      return ok({
        name: tenantName(db, found.user.tenantId),
        tenantId: found.user.tenantId,
        shouldSetPassword: !found.user.password,
        email: found.user.email,
      });
    },
    postUsersInvitationAccept: (db, { body }) => {
      const found = live(db, body);
      if (!found) return fail('INVITATION_INVALID');
      // As on the server: without a password for an account that has none, accepted all the same,
      // and an email to choose one follows.
      const choosesLater = !found.user.password && (typeof body.password !== 'string' || !body.password);
      if (!found.user.password && !choosesLater) {
        if ((body.password as string).length < DEMO_PASSWORD_MIN_LENGTH)
          return fail('PASSWORD_TOO_SHORT', { n: 8 });
        found.user.password = body.password as string;
      }
      found.link.used = true;
      found.user.invitationPending = false;
      found.user.verified = true;
      const name = tenantName(db, found.user.tenantId);
      if (choosesLater) tools.sendChoosePassword(db, found.user, name);
      return ok({ tenantId: found.user.tenantId, name }, true);
    },
    getTenantsInvitesConfiguration: authed(() =>
      ok({
        defaultExpiresInMinutes: INVITE_LINK_DEFAULT_MINUTES,
        maxExpiresInMinutes: INVITE_LINK_MAX_MINUTES,
        // The client SDK's fields (IInviteLinkConfiguration).
        tenantInvitationsAllowed: true,
        emailsEnabled: true,
      }),
    ),
    // No link yet: `{}`. The token and address only for a caller who may invite (as the server).
    getTenantsInvitesUser: authed((db, caller) => {
      const link = linkDto(db);
      if (!link) return ok({});
      return ok(may(db, caller, 'fe.secure.write.users') ? { ...link, ...shareable(db) } : link);
    }),
    postTenantsInvitesUser: authed((db, caller, { body }) => {
      const minutes = (body.expiresInMinutes as number | undefined) ?? INVITE_LINK_DEFAULT_MINUTES;
      const token = `${tools.random()}${tools.random()}`;
      const at = new Date(tools.now()).toISOString();
      db.inviteLinks = [
        {
          id: tools.random(),
          tenantId: caller.tenantId,
          token,
          expiresInMinutes: minutes,
          expiresAt: tools.now() + minutes * 60_000,
          shouldSendEmail: body.shouldSendEmail === true,
          createdAt: at,
          updatedAt: at,
        },
      ];
      return ok({ ...linkDto(db), ...shareable(db) }, true, 201);
    }),
    patchTenantsInvitesUser: authed((db, _caller, { body }) => {
      const link = db.inviteLinks?.[0];
      if (!link) return fail('INVITE_LINK_NONE');
      if (typeof body.expiresInMinutes === 'number') {
        link.expiresInMinutes = body.expiresInMinutes;
        link.expiresAt = tools.now() + body.expiresInMinutes * 60_000;
      }
      if (typeof body.shouldSendEmail === 'boolean') link.shouldSendEmail = body.shouldSendEmail;
      link.updatedAt = new Date(tools.now()).toISOString();
      return ok({ ...linkDto(db), ...shareable(db) }, true);
    }),
    deleteTenantsInvitesUser: authed((db) => {
      if (!db.inviteLinks?.length) return fail('INVITE_LINK_NONE');
      db.inviteLinks = [];
      return ok({}, true);
    }),
    postTenantsInvitesVerify: (db, { body }) => {
      const link = linkOf(db, body.token);
      return link ? ok(tenantName(db, link.tenantId)) : fail('INVITE_LINK_INVALID');
    },
  };

  /** The tenant a sign-up's invitationToken joins; a failure answer when it is not live. */
  function signUpTenant(
    db: DemoDatabase,
    token: unknown,
  ): { tenantId: string; shouldSendEmail: boolean } | Answer {
    const link = linkOf(db, token);
    return link
      ? { tenantId: link.tenantId, shouldSendEmail: link.shouldSendEmail }
      : fail('INVITE_LINK_INVALID');
  }

  return { routes, signUpTenant };
}
