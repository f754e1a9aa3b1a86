/**
 * Demo mode's storage of invitations and invite links: the ports of core/domain/invitations.ts over
 * the demo's users (a pending invitation is a user with `invitationPending`; demo users belong to one
 * account each), its one-time tokens and its invite links (one per account).
 */
import { contractError } from '../contract/errors';
import { holdsPermission } from '../contract/permissions';
import * as rules from '../domain/invitations';
import { invitationAddress } from '../domain/account-links';
import { emailDomainAllowed } from '../domain/security-policies';
import { demoEmail } from './delivery';
import type { DemoDatabase, DemoUser } from './data';
import { DEMO_PASSWORD_MIN_LENGTH } from './data';
import { grantedBy, visibleRoles } from './teamAdmin';

export interface DemoInvitationTools {
  random(): string;
  now(): number;
  sendEmail(db: DemoDatabase, to: string, subject: string, text: string): void;
  /** The "Choose your password" email after an invitation accepted without one. */
  sendChoosePassword(db: DemoDatabase, user: DemoUser, tenantName: string): void;
  permissionsOf(user: DemoUser, db: DemoDatabase): string[];
}

/** The application's address in the browser (the links in the demo's emails lead there). */
export const appOrigin = () => globalThis.location?.origin ?? 'https://demo.auth-elements.invalid';

const demoTenantName = (db: DemoDatabase, tenantId: string) =>
  db.tenants.find((t) => t.tenantId === tenantId)?.name ?? '';

/** The invitation ports over the demo's users and one-time tokens. */
export function demoInvitationPorts(db: DemoDatabase, tools: DemoInvitationTools): rules.InvitationPorts {
  const userIn = (tenantId: string, match: (u: DemoUser) => boolean) =>
    db.users.find((u) => u.tenantId === tenantId && match(u));
  return {
    async memberByEmail(tenantId, email) {
      const user = userIn(tenantId, (u) => u.email.toLowerCase() === email);
      return user ? { userId: user.id, pending: user.invitationPending === true } : null;
    },
    async membership(tenantId, userId) {
      const user = userIn(tenantId, (u) => u.id === userId);
      return user ? { pending: user.invitationPending === true } : null;
    },
    grantedBy: async (tenantId, roleIds) => grantedBy(db, tenantId, roleIds),
    async emailDomainAllowed(tenantId, email) {
      const stored = db.securityPolicies?.[tenantId] ?? {};
      // The security policies' module is a back-office area, loaded on first use (core/demo/lazyAreas.ts).
      const { demoSecurityPolicyPorts } = await import('./securityPolicies');
      const ports = demoSecurityPolicyPorts(stored, tenantId, '', (prefix) => prefix);
      // Demo mode keeps no list of public email providers: only the account's own list decides.
      return emailDomainAllowed(ports, tenantId, email, () => false);
    },
    async addInvitee(tenantId, invitee) {
      const roles = visibleRoles(db, tenantId).filter((r) => invitee.roleIds.includes(r.id));
      if (roles.length !== invitee.roleIds.length) return { kind: 'unknownRoles' };
      const existing = db.users.find((u) => u.email.toLowerCase() === invitee.email);
      if (existing) return { kind: 'member', pending: existing.invitationPending === true };
      const user: DemoUser = {
        id: tools.random(),
        email: invitee.email,
        name: invitee.name,
        password: '',
        tenantId,
        roleKeys: roles.map((r) => r.key),
        createdAt: new Date(tools.now()).toISOString(),
        verified: false,
        invitationPending: true,
        phoneNumber: invitee.phone,
      };
      db.users.push(user);
      return { kind: 'added', userId: user.id };
    },
    async pendingOf(who) {
      return db.users
        .filter((u) => u.invitationPending && ('userId' in who ? u.id === who.userId : u.email === who.email))
        .map((u) => ({ tenantId: u.tenantId, userId: u.id }));
    },
    async mayInvite(callerId, tenantId) {
      const caller = userIn(tenantId, (u) => u.id === callerId);
      return !!caller && holdsPermission(tools.permissionsOf(caller, db), rules.INVITE_PERMISSION);
    },
    async sendInvitation({ userId }, inviterId) {
      const user = db.users.find((u) => u.id === userId);
      if (!user) return;
      const tokens = (db.oneTimeTokens ??= []);
      for (const t of tokens) if (t.userId === user.id && t.purpose === 'invitation') t.used = true;
      const token = `${tools.random()}${tools.random()}`;
      tokens.push({
        purpose: 'invitation',
        userId: user.id,
        token,
        expiresAt: tools.now() + rules.INVITATION_LIFETIME_MS,
        used: false,
      });
      const inviter = inviterId ? db.users.find((u) => u.id === inviterId) : null;
      const [subject, text] = demoEmail(db, user, 'invitation', {
        link: invitationAddress(appOrigin(), user.id, token),
        tenantName: demoTenantName(db, user.tenantId),
        inviterName: inviter?.name ?? null,
      });
      tools.sendEmail(db, user.email, subject, text);
    },
    // Demo mode sends no webhooks.
    invited: async () => {},
  };
}

/** The acceptance ports over the demo's users and one-time tokens. */
export function demoAcceptancePorts(
  db: DemoDatabase,
  tools: Pick<DemoInvitationTools, 'now' | 'sendChoosePassword'>,
): rules.AcceptancePorts {
  const liveLink = (userId: string, token: string) =>
    (db.oneTimeTokens ?? []).find(
      (t) =>
        t.purpose === 'invitation' &&
        t.userId === userId &&
        t.token === token &&
        !t.used &&
        t.expiresAt > tools.now(),
    );
  const pendingUser = (userId: string) =>
    db.users.find((u) => u.id === userId && u.invitationPending === true);
  return {
    async live(userId, token) {
      const user = pendingUser(userId);
      if (!user || !liveLink(userId, token)) return null;
      return {
        tenantId: user.tenantId,
        tenantName: demoTenantName(db, user.tenantId),
        shouldSetPassword: !user.password,
        email: user.email,
      };
    },
    async passwordProblem(password) {
      return password.length < DEMO_PASSWORD_MIN_LENGTH
        ? contractError('PASSWORD_TOO_SHORT', { n: DEMO_PASSWORD_MIN_LENGTH })
        : null;
    },
    async join({ userId, token, password }) {
      const user = pendingUser(userId);
      const link = liveLink(userId, token);
      if (!user || !link) return false;
      link.used = true;
      user.invitationPending = false;
      user.verified = true;
      if (password !== null) user.password = password;
      return true;
    },
    async sendChoosePassword(userId, invitation) {
      const user = db.users.find((u) => u.id === userId);
      if (user) tools.sendChoosePassword(db, user, invitation.tenantName);
    },
  };
}

/** The invite link ports over the demo's stored links, one per account. */
export function demoInviteLinkPorts(
  db: DemoDatabase,
  tools: Pick<DemoInvitationTools, 'random' | 'now'>,
): rules.InviteLinkPorts {
  const links = () => (db.inviteLinks ??= []);
  const stored = (tenantId: string) => db.inviteLinks?.find((l) => l.tenantId === tenantId);
  const recordOf = (link: NonNullable<ReturnType<typeof stored>>): rules.InviteLinkRecord => ({
    id: link.id,
    tenantId: link.tenantId,
    vendorId: 'demo-vendor',
    expiresInMinutes: link.expiresInMinutes,
    expiresAt: new Date(link.expiresAt),
    shouldSendEmail: link.shouldSendEmail,
    createdAt: new Date(link.createdAt),
    updatedAt: new Date(link.updatedAt),
  });
  return {
    async find(tenantId) {
      const link = stored(tenantId);
      return link ? recordOf(link) : null;
    },
    async replace(tenantId, input) {
      const at = new Date(tools.now()).toISOString();
      const link = {
        id: tools.random(),
        tenantId,
        token: input.token,
        expiresInMinutes: input.expiresInMinutes,
        expiresAt: tools.now() + input.expiresInMinutes * 60_000,
        shouldSendEmail: input.shouldSendEmail,
        createdAt: at,
        updatedAt: at,
      };
      db.inviteLinks = [...links().filter((l) => l.tenantId !== tenantId), link];
      return recordOf(link);
    },
    async update(tenantId, patch) {
      const link = stored(tenantId);
      if (!link) return null;
      if (patch.expiresInMinutes !== undefined) {
        link.expiresInMinutes = patch.expiresInMinutes;
        link.expiresAt = tools.now() + patch.expiresInMinutes * 60_000;
      }
      if (patch.shouldSendEmail !== undefined) link.shouldSendEmail = patch.shouldSendEmail;
      link.updatedAt = new Date(tools.now()).toISOString();
      return recordOf(link);
    },
    async remove(tenantId) {
      const before = links().length;
      db.inviteLinks = links().filter((l) => l.tenantId !== tenantId);
      return db.inviteLinks.length < before;
    },
    async token(tenantId) {
      return stored(tenantId)?.token ?? null;
    },
    async tenantOf(token) {
      const link = demoLiveInviteLink(db, token, tools.now());
      return link
        ? {
            tenantId: link.tenantId,
            name: demoTenantName(db, link.tenantId),
            shouldSendEmail: link.shouldSendEmail,
          }
        : null;
    },
  };
}

/** The stored invite link a live token names, or undefined. */
const demoLiveInviteLink = (db: DemoDatabase, token: unknown, now: number) =>
  (db.inviteLinks ?? []).find((l) => typeof token === 'string' && l.token === token && l.expiresAt > now);
