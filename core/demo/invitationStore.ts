/**
 * Demo mode's storage of invitations and invite links: the ports of core/domain/invitations.ts over
 * the demo's users (a pending invitation is a user with `invitationPending`; demo users belong to one
 * account each), its one-time tokens and its invite links (one per account).
 */
import type { ContractError } from '../contract/errors';
import type * as rules from '../domain/invitations';
import { invitationAddress } from '../domain/account-links';
import { emailDomainAllowed } from '../domain/security-policies';
import { demoEmail } from './delivery';
import { appOrigin, demoOutbox } from './passwordlessPorts';
import {
  DEMO_VENDOR_ID,
  tenantById,
  userByEmail,
  userById,
  userInAccount,
  type DemoDatabase,
  type DemoUser,
} from './data';
import { isoNow, remove, update, upsert } from './rows';
import { demoPermissionsOf, roleGrants, rolesWithIds } from './teamAdmin';

export interface DemoInvitationTools {
  random(): string;
  now(): number;
  /** The "Choose your password" email after an invitation accepted without one. */
  sendChoosePassword(db: DemoDatabase, user: DemoUser, tenantName: string): void;
  /** A new invitation link token for the user (their older ones stop working; core/demo/accountFlows.ts). */
  issueToken(db: DemoDatabase, purpose: 'invitation', userId: string): string;
  /** The user's unused, unexpired invitation link of this token. */
  invitationLink(db: DemoDatabase, userId: string, token: string): { used: boolean } | undefined;
  /** Why a new password is refused (the demo's password policy), or null. */
  passwordProblem(password: string): Promise<ContractError | null>;
}

const demoTenantName = (db: DemoDatabase, tenantId: string) => tenantById(db, tenantId)?.name ?? '';

/** The invitation ports over the demo's users and one-time tokens. */
export function demoInvitationPorts(db: DemoDatabase, tools: DemoInvitationTools): rules.InvitationPorts {
  const memberOf = (tenantId: string, match: (u: DemoUser) => boolean) => {
    const user = db.users.find((u) => u.tenantId === tenantId && match(u));
    return user ? { userId: user.id, pending: user.invitationPending === true } : null;
  };
  return {
    memberByEmail: async (tenantId, email) => memberOf(tenantId, (u) => u.email.toLowerCase() === email),
    membership: async (tenantId, userId) => memberOf(tenantId, (u) => u.id === userId),
    roleGrants: async (tenantId, roleIds) => roleGrants(db, tenantId, roleIds),
    async emailDomainAllowed(tenantId, email) {
      // The security policies' module is a back-office area, loaded on first use (core/demo/lazyAreas.ts).
      const { demoSecurityPolicyPorts } = await import('./securityPolicies');
      const ports = demoSecurityPolicyPorts(db.securityPolicies?.[tenantId] ?? {}, tenantId);
      // Demo mode keeps no list of public email providers: only the account's own list decides.
      return emailDomainAllowed(ports, tenantId, email, () => false);
    },
    async addInvitee(tenantId, invitee) {
      // A demo user belongs to one account: an address used in another cannot join this one.
      if (userByEmail(db, invitee.email)) return null;
      const user: DemoUser = {
        id: tools.random(),
        email: invitee.email,
        name: invitee.name,
        password: '',
        tenantId,
        roleKeys: rolesWithIds(db, tenantId, invitee.roleIds).map((r) => r.key),
        createdAt: isoNow(tools.now),
        verified: false,
        invitationPending: true,
        phoneNumber: invitee.phone,
      };
      db.users.push(user);
      return user.id;
    },
    pendingOf: async (who) =>
      db.users
        .filter((u) => u.invitationPending && ('userId' in who ? u.id === who.userId : u.email === who.email))
        .map((u) => ({ tenantId: u.tenantId, userId: u.id })),
    async permissionsIn(callerId, tenantId) {
      const caller = userInAccount(db, tenantId, callerId);
      return caller ? demoPermissionsOf(db, caller) : [];
    },
    async sendInvitation({ userId }, inviterId) {
      const user = userById(db, userId);
      if (!user) return;
      const token = tools.issueToken(db, 'invitation', user.id);
      const inviter = inviterId ? userById(db, inviterId) : null;
      const [subject, text] = demoEmail(db, user, 'invitation', {
        link: invitationAddress(appOrigin(), user.id, token),
        tenantName: demoTenantName(db, user.tenantId),
        inviterName: inviter?.name ?? null,
      });
      demoOutbox(db, tools.now, { channel: 'email', to: user.email, subject, text });
    },
    // Demo mode sends no webhooks.
    invited: async () => {},
  };
}

/** The acceptance ports over the demo's users and one-time tokens. */
export function demoAcceptancePorts(
  db: DemoDatabase,
  tools: Pick<DemoInvitationTools, 'invitationLink' | 'passwordProblem' | 'sendChoosePassword'>,
): rules.AcceptancePorts {
  const liveLink = (userId: string, token: string) => tools.invitationLink(db, userId, token);
  const pendingUser = (userId: string) => {
    const user = userById(db, userId);
    return user?.invitationPending === true ? user : undefined;
  };
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
    passwordProblem: (password) => tools.passwordProblem(password),
    async join({ userId, token, password }) {
      const user = pendingUser(userId);
      const link = liveLink(userId, token);
      if (!user || !link) return false;
      link.used = true;
      Object.assign(
        user,
        { invitationPending: false, verified: true },
        password === null ? {} : { password },
      );
      return true;
    },
    async sendChoosePassword(userId, invitation) {
      const user = userById(db, userId);
      if (user) tools.sendChoosePassword(db, user, invitation.tenantName);
    },
  };
}

type DemoInviteLink = NonNullable<DemoDatabase['inviteLinks']>[number];

/** The invite link ports over the demo's stored links, one per account. */
export function demoInviteLinkPorts(
  db: DemoDatabase,
  tools: Pick<DemoInvitationTools, 'random' | 'now'>,
): rules.InviteLinkPorts {
  const links = () => (db.inviteLinks ??= []);
  const ofTenant = (tenantId: string) => (l: DemoInviteLink) => l.tenantId === tenantId;
  const stored = (tenantId: string) => links().find(ofTenant(tenantId));
  const expiresAt = (minutes: number) => tools.now() + minutes * 60_000;
  const recordOf = (link: DemoInviteLink | undefined): rules.InviteLinkRecord | null =>
    link
      ? {
          id: link.id,
          tenantId: link.tenantId,
          vendorId: DEMO_VENDOR_ID,
          expiresInMinutes: link.expiresInMinutes,
          expiresAt: new Date(link.expiresAt),
          shouldSendEmail: link.shouldSendEmail,
          createdAt: new Date(link.createdAt),
          updatedAt: new Date(link.updatedAt),
        }
      : null;
  return {
    find: async (tenantId) => recordOf(stored(tenantId)),
    async replace(tenantId, { token, expiresInMinutes, shouldSendEmail }) {
      const at = isoNow(tools.now);
      const link = { id: tools.random(), tenantId, token, expiresInMinutes, shouldSendEmail, createdAt: at };
      // The older link stops working: the new one takes its place.
      return recordOf(
        upsert(links(), ofTenant(tenantId), {
          ...link,
          expiresAt: expiresAt(expiresInMinutes),
          updatedAt: at,
        }),
      )!;
    },
    update: async (tenantId, { expiresInMinutes: minutes, shouldSendEmail }) =>
      recordOf(
        update(links(), ofTenant(tenantId), {
          ...(minutes === undefined ? {} : { expiresInMinutes: minutes, expiresAt: expiresAt(minutes) }),
          ...(shouldSendEmail === undefined ? {} : { shouldSendEmail }),
          updatedAt: isoNow(tools.now),
        }),
      ),
    remove: async (tenantId) => remove(links(), ofTenant(tenantId)),
    token: async (tenantId) => stored(tenantId)?.token ?? null,
    async tenantOf(token) {
      const link = links().find((l) => l.token === token && l.expiresAt > tools.now());
      if (!link) return null;
      return {
        tenantId: link.tenantId,
        name: demoTenantName(db, link.tenantId),
        shouldSendEmail: link.shouldSendEmail,
      };
    },
  };
}
