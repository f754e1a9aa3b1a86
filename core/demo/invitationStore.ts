/**
 * Demo mode's storage of invitations and invite links: the ports of core/domain/invitations.ts over
 * the demo's users and memberships (a pending invitation is a user with `invitationPending` in their
 * active account, or a pending membership of another account: `accountMembers`) and its one-time
 * tokens; the invite link's repository is the server's (core/domain/invite-links.ts) over the
 * demo's stored tables (core/demo/inviteLinks.ts).
 */
import type { createDemoAccountFlows } from './accountFlows';
import type * as rules from '../domain/invitations';
import { invitationAddress } from '../domain/account-links';
import { emailDomainAllowed } from '../domain/security-policies';
import { demoEmail } from './delivery';
import { appOrigin, demoOutbox } from './passwordlessPorts';
import { tenantById, updateUser, userById, type DemoDatabase } from './data';
import { hashDemoPassword } from './passwordHash';
import type { DemoClock } from './rows';
import { roleGrants } from './teamAdmin';

/** The clock, ids, links, emails and password policy of core/demo/accountFlows.ts. */
export type DemoInvitationTools = DemoClock &
  Pick<
    ReturnType<typeof createDemoAccountFlows>,
    'sendChoosePassword' | 'issueToken' | 'invitationLink' | 'passwordProblem'
  >;

const demoTenantName = (db: DemoDatabase, tenantId: string) => tenantById(db, tenantId)?.name ?? '';
/** The account's members as the demo keeps them (core/demo/accountMembers.ts: the back office's, loaded on first use). */
const members = () => import('./accountMembers');

/** The invitation ports over the demo's users, memberships and one-time tokens. */
export function demoInvitationPorts(db: DemoDatabase, tools: DemoInvitationTools): rules.InvitationPorts {
  const stored = async () => (await members()).invitationMembers(db, tools);
  return {
    memberByEmail: async (tenantId, email) => (await stored()).memberByEmail(tenantId, email),
    membership: async (tenantId, userId) => (await stored()).membership(tenantId, userId),
    addInvitee: async (tenantId, invitee) => (await stored()).addInvitee(tenantId, invitee),
    pendingOf: async (who) => (await stored()).pendingOf(who),
    roleGrants: async (tenantId, roleIds) => roleGrants(db, tenantId, roleIds),
    async emailDomainAllowed(tenantId, email) {
      // The security policies' module is a back-office area, loaded on first use (core/demo/lazyAreas.ts).
      const { demoSecurityPolicyPorts } = await import('./securityPolicies');
      const ports = demoSecurityPolicyPorts(db, tools);
      // Demo mode keeps no list of public email providers: only the account's own list decides.
      return emailDomainAllowed(ports, tenantId, email, () => false);
    },
    permissionsIn: async (callerId, tenantId) => (await members()).permissionsIn(db, tenantId, callerId),
    async sendInvitation({ tenantId, userId }, inviterId) {
      const user = userById(db, userId);
      if (!user) return;
      // The link names its account, as the server's link data does (older links of that account retired).
      const token = await tools.issueToken(db, 'invitation', user.id, tenantId);
      const [subject, text] = demoEmail(db, user, 'invitation', {
        link: invitationAddress(appOrigin(), user.id, token),
        tenantName: demoTenantName(db, tenantId),
        inviterName: (inviterId && userById(db, inviterId)?.name) || null,
      });
      demoOutbox(db, tools.now, { channel: 'email', to: user.email, subject, text });
    },
    // Demo mode sends no webhooks.
    invited: async () => {},
  };
}

/** The acceptance ports over the demo's users, memberships and one-time tokens. */
export function demoAcceptancePorts(
  db: DemoDatabase,
  tools: Pick<DemoInvitationTools, 'invitationLink' | 'passwordProblem' | 'sendChoosePassword'>,
): rules.AcceptancePorts {
  /** The link and the account it invites to, while the user's membership there is pending. */
  const pendingLink = async (userId: string, token: string) => {
    const link = await tools.invitationLink(db, userId, token);
    const tenantId = link?.tenantId ?? userById(db, userId)?.activeTenantId ?? '';
    const user = (await members()).accountMember(db, tenantId, userId);
    return link && user?.invitationPending ? { link, user, tenantId } : null;
  };
  return {
    async live(userId, token) {
      const found = await pendingLink(userId, token);
      if (!found) return null;
      const { user, tenantId } = found;
      const tenantName = demoTenantName(db, tenantId);
      return { tenantId, tenantName, shouldSetPassword: !user.passwordHash, email: user.email };
    },
    passwordProblem: (password) => tools.passwordProblem(password),
    async join({ userId, token, tenantId, password }) {
      const found = await pendingLink(userId, token);
      const user = userById(db, userId);
      if (!found || found.tenantId !== tenantId || !user) return false;
      if (!(await found.link.use())) return false;
      await (await members()).changeMember(db, tenantId, userId, { invitationPending: false });
      const passwordHash = password === null ? {} : { passwordHash: await hashDemoPassword(password) };
      // The account becomes the user's active one, as on the server.
      updateUser(db, userId, { verified: true, activeTenantId: tenantId, ...passwordHash });
      return true;
    },
    async sendChoosePassword(userId, invitation) {
      const user = userById(db, userId);
      if (user) await tools.sendChoosePassword(db, user, invitation.tenantName);
    },
  };
}

/**
 * The invite link's ports: the server's repository over the demo's stored tables
 * (core/demo/inviteLinks.ts), loaded on first use (a back-office page's, or a sign-up with a link).
 */
export function demoInviteLinkPorts(
  db: DemoDatabase,
  tools: Pick<DemoInvitationTools, 'random' | 'now'>,
): rules.InviteLinkPorts {
  const stored = async () => (await import('./inviteLinks')).inviteLinkStore(db, tools);
  return {
    find: async (tenantId) => (await stored()).find(tenantId),
    replace: async (tenantId, link) => (await stored()).replace(tenantId, link),
    update: async (tenantId, patch) => (await stored()).update(tenantId, patch),
    remove: async (tenantId) => (await stored()).remove(tenantId),
    token: async (tenantId) => (await stored()).token(tenantId),
    tenantOf: async (token) => (await stored()).tenantOf(token),
  };
}
