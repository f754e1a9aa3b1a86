/**
 * Demo mode's storage of invitations and invite links: the server's (core/domain/invitation-store.ts:
 * pending memberships of `memberships`, the invitee's row of `users`, the link a one-time token; and
 * core/domain/invite-links.ts) over the demo's stored tables. What is the demo's own: the outbox
 * instead of mail, no webhooks, the secrets kept plain, the password hashed by core/demo/passwordHash.ts.
 * The stores load on first use (the demo's first chunk has a byte budget).
 */
import type { createDemoAccountFlows } from './accountFlows';
import type * as rules from '../domain/invitations';
import type { Platform } from '../domain/platform';
import { invitationAddress } from '../domain/account-links';
import { emailDomainAllowed } from '../domain/security-policies';
import { demoEmail } from './delivery';
import { appOrigin, demoOutbox, demoSecrets } from './passwordlessPorts';
import { tenantById, userById, type DemoDatabase } from './data';
import { hashDemoPassword } from './passwordHash';
import type { DemoClock } from './rows';
import { demoPermissionsOf } from './teamAdmin';

/** The clock, ids, emails and password policy of core/demo/accountFlows.ts. */
export type DemoInvitationTools = DemoClock &
  Pick<ReturnType<typeof createDemoAccountFlows>, 'sendChoosePassword' | 'passwordProblem'>;

const demoTenantName = (db: DemoDatabase, tenantId: string) => tenantById(db, tenantId)?.name ?? '';

/** The invitations' store and the demo's tables, loaded on first use. */
async function storeOf(db: DemoDatabase) {
  const [store, { memoryTables }] = await Promise.all([
    import('../domain/invitation-store'),
    import('./tables'),
  ]);
  return { ...store, tables: memoryTables((db.tables ??= {})) };
}

/**
 * Demo mode's platform's invitations (core/demo/platform.ts): the email goes to the demo outbox, an
 * invite link's token is kept as is.
 */
export const demoInvitationMembers = (db: DemoDatabase, clock: DemoClock): Platform['invitations'] => ({
  async send({ tenantId, userId }, inviterId) {
    const user = userById(db, userId);
    if (!user) return;
    // The link names its account, as the server's link data does (older links of that account retired).
    const token = await demoSecrets(db, clock).issue({
      purpose: 'invitation',
      userId: user.id,
      kind: 'link',
      data: { tenantId },
      retireScope: 'tenantId',
    });
    // In the recipient's language, else the inviting account's (the server's localeOfRecipient).
    const [subject, text] = demoEmail(db, { ...user, activeTenantId: tenantId }, 'invitation', {
      link: invitationAddress(appOrigin(), user.id, token),
      tenantName: demoTenantName(db, tenantId),
      inviterName: (inviterId && userById(db, inviterId)?.name) || null,
    });
    demoOutbox(db, clock.now, { channel: 'email', to: user.email, subject, text });
  },
  async emailDomainAllowed(tenantId, email) {
    // The security policies' repositories are a back-office area's, loaded on first use (core/demo/lazyAreas.ts).
    const [{ securityPolicyRepositories }, { memoryTables }] = await Promise.all([
      import('../domain/security-policy-storage'),
      import('./tables'),
    ]);
    const ports = securityPolicyRepositories(memoryTables((db.tables ??= {})), {
      now: clock.now,
      newId: clock.random,
    });
    // Demo mode keeps no list of public email providers: only the account's own list decides.
    return emailDomainAllowed(ports, tenantId, email, () => false);
  },
  linkSecrets: { hash: (token) => token, seal: (token) => token, open: (token) => token },
  newLinkToken: () => `${clock.random()}${clock.random()}`,
});

/** The invitation ports of the public routes over the demo's stored tables; the email goes to the demo outbox. */
export function demoInvitationPorts(db: DemoDatabase, tools: DemoClock): rules.InvitationPorts {
  const clock = { now: tools.now, newId: tools.random };
  const members = demoInvitationMembers(db, tools);
  const extras: Parameters<Awaited<ReturnType<typeof storeOf>>['invitationPortsOver']>[2] = {
    // Read over the tables as the back office's (the roles' store loads on first use).
    roleGrants: async (tenantId, roleIds) =>
      (await import('../domain/role-store')).roleGrantsOver((await storeOf(db)).tables, tenantId, roleIds),
    emailDomainAllowed: members.emailDomainAllowed,
    permissionsIn: async (callerId, tenantId) => demoPermissionsOf(db, { id: callerId, tenantId }),
    sendInvitation: members.send,
    // Demo mode sends no webhooks.
    invited: async () => {},
  };
  const stored = async () => {
    const { invitationPortsOver, tables } = await storeOf(db);
    return invitationPortsOver(tables, clock, extras);
  };
  return {
    ...extras,
    memberByEmail: async (tenantId, email) => (await stored()).memberByEmail(tenantId, email),
    membership: async (tenantId, userId) => (await stored()).membership(tenantId, userId),
    addInvitee: async (tenantId, invitee) => (await stored()).addInvitee(tenantId, invitee),
    pendingOf: async (who) => (await stored()).pendingOf(who),
  };
}

/** The acceptance ports over the demo's stored tables (the link's secret kept plain, as demo mode keeps them). */
export function demoAcceptancePorts(
  db: DemoDatabase,
  tools: DemoClock & Pick<DemoInvitationTools, 'passwordProblem' | 'sendChoosePassword'>,
): rules.AcceptancePorts {
  const stored = async () => {
    const { acceptancePortsOver, tables } = await storeOf(db);
    return acceptancePortsOver(
      tables,
      { now: tools.now, newId: tools.random },
      {
        keyOf: (_purpose, secret) => secret,
        hashPassword: hashDemoPassword,
        passwordProblem: (password) => tools.passwordProblem(password),
        async sendChoosePassword(userId, invitation) {
          const user = userById(db, userId);
          if (user) await tools.sendChoosePassword(db, user, invitation.tenantName);
        },
      },
    );
  };
  return {
    live: async (userId, token) => (await stored()).live(userId, token),
    passwordProblem: (password) => tools.passwordProblem(password),
    join: async (input) => (await stored()).join(input),
    sendChoosePassword: async (userId, invitation) => (await stored()).sendChoosePassword(userId, invitation),
  };
}

/**
 * The invite link's ports: the server's repository over the demo's stored tables, the token kept
 * as is (demo mode's platform's), loaded on first use (a sign-up with a link).
 */
export function demoInviteLinkPorts(
  db: DemoDatabase,
  tools: Pick<DemoInvitationTools, 'random' | 'now'>,
): rules.InviteLinkPorts {
  const stored = async () => {
    const [{ inviteLinksOn }, { memoryTables }] = await Promise.all([
      import('../domain/invite-links'),
      import('./tables'),
    ]);
    const clock = { now: tools.now, newId: tools.random };
    const invitations = demoInvitationMembers(db, tools);
    return inviteLinksOn({ tables: memoryTables((db.tables ??= {})), clock, invitations });
  };
  return {
    find: async (tenantId) => (await stored()).find(tenantId),
    replace: async (tenantId, link) => (await stored()).replace(tenantId, link),
    update: async (tenantId, patch) => (await stored()).update(tenantId, patch),
    remove: async (tenantId) => (await stored()).remove(tenantId),
    token: async (tenantId) => (await stored()).token(tenantId),
    tenantOf: async (token) => (await stored()).tenantOf(token),
  };
}
