import type { AuthResponse } from '../api/types';
import { fail, ok } from '../contract/answer';
import { demoEmail } from './delivery';
import type { DemoRoutes } from './dispatch';
import {
  DEMO_PASSWORD_POLICY,
  demoUserOf,
  updateUser,
  userByEmail,
  userById,
  type DemoDatabase,
  type DemoUser,
} from './data';
import { demoPasswordMatches, hashDemoPassword } from './passwordHash';
import type { UserRow } from '../domain/user-tables';
import { resetPasswordAddress } from '../domain/account-links';
import type { ActivationPorts } from '../domain/activation-handlers';
import { PASSWORD_FLOW_HANDLERS, type PasswordFlowPorts } from '../domain/password-flows';
import { newPasswordProblem } from '../domain/sign-up-handlers';
import type { LinkPurpose } from '../domain/passwordless';
import { demoAcceptancePorts } from './invitationStore';
import {
  appOrigin,
  demoLimits,
  demoOutbox,
  demoSecrets,
  isDemoBreached,
  rulesUser,
} from './passwordlessPorts';
import type { DemoClock } from './rows';
import { demoPublicHandlers } from './shared';

/**
 * Demo mode's password reset and activation: the server's handlers (core/domain/password-flows.ts,
 * activation-handlers.ts) over the demo's data, and its outbox (the server's: dev-outbox.ts).
 *
 * Where the server sends an email, the demo writes it to the demo outbox (kept with the rest of the
 * demo data in localStorage), answers it at GET /dev/outbox?to=... like a development server, and
 * prints it to the browser console, so someone trying the demo can open the link.
 * Bodies and queries reach these handlers checked against the contract's schemas
 * (core/contract/requests.ts, in core/demo/backend.ts).
 */

interface DemoFlowTools extends DemoClock {
  startSession(db: DemoDatabase, user: DemoUser): AuthResponse;
}

/** The demo's password policy (the server's default policy) and its breach sample. */
const passwordProblem = async (password: string) =>
  newPasswordProblem(password, DEMO_PASSWORD_POLICY, isDemoBreached);

export function createDemoAccountFlows(tools: DemoFlowTools) {
  const sendEmail = (db: DemoDatabase, to: string, subject: string, text: string) =>
    demoOutbox(db, tools.now, { channel: 'email', to, subject, text });
  /** A new link token of `purpose` for the user (their older ones of it, of the invitation's account, stop working). */
  const issueToken = (db: DemoDatabase, purpose: LinkPurpose, userId: string, tenantId?: string) =>
    demoSecrets(db, tools).issue({
      purpose,
      userId,
      kind: 'link',
      ...(tenantId ? { data: { tenantId }, retireScope: 'tenantId' } : {}),
    });
  /** After an invitation accepted without a password: the link to choose one (the server's email). */
  async function sendChoosePassword(db: DemoDatabase, user: UserRow, tenantName: string) {
    const link = resetPasswordAddress(appOrigin(), user.id, await issueToken(db, 'resetPassword', user.id));
    sendEmail(db, user.email, ...demoEmail(db, user, 'choosePassword', { link, tenantName }));
  }

  const routes: DemoRoutes = {
    getDevOutbox: (db, { query }) => {
      if (typeof query.to !== 'string' || !query.to || query.to.length > 254)
        return fail('FIELD_REQUIRED', { field: 'To' });
      const to = query.to.toLowerCase();
      return ok({ messages: (db.outbox ?? []).filter((m) => m.to.toLowerCase() === to) });
    },
  };

  /**
   * The ports of the password flows (core/domain/password-flows.ts) over the demo's data: its
   * hashed passwords (core/demo/passwordHash.ts), its one-time links, its outbox, its per-email attempt counters. It
   * keeps no password history (the history policy is stored, not enforced here) and has one
   * session, the visitor's: a reset ends it when it is the user's, a change keeps it.
   */
  function passwordPorts(db: DemoDatabase): PasswordFlowPorts {
    return {
      ...demoLimits(db, tools.now),
      // The demo's captcha policy is off.
      verifyCaptcha: async () => {},
      userByEmail: async (email) => rulesUser(userByEmail(db, email)),
      userById: async (id) => rulesUser(userById(db, id)),
      appUrl: appOrigin,
      secrets: demoSecrets(db, tools),
      sendResetEmail: async (user, link) =>
        sendEmail(db, user.email, ...demoEmail(db, userById(db, user.id), 'resetPassword', { link })),
      newPasswordProblem: passwordProblem,
      reuseProblem: async () => null,
      passwordMatches: async (user, password) =>
        !!password && demoPasswordMatches(password, userById(db, user.id)?.passwordHash ?? null),
      savePassword: async (userId, password, { verified, keepSession }) => {
        const passwordHash = await hashDemoPassword(password);
        updateUser(db, userId, { passwordHash, breachedPasswordAt: null, ...(verified ? { verified } : {}) });
        if (db.session?.userId === userId && db.session.id !== keepSession) db.session = null;
      },
      // Demo mode sends no webhooks.
      emit: async () => {},
      session: () => ({ id: db.session?.id ?? null, impersonated: Boolean(db.session?.impersonatorId) }),
    };
  }

  /**
   * Activation's ports (core/domain/activation-handlers.ts) over the demo's data: the password
   * flows' limit and policy, its activation links, the invitations' acceptance (with the same
   * password policy), and the visitor's session.
   */
  function activationPorts(db: DemoDatabase): ActivationPorts {
    return {
      countSend: demoLimits(db, tools.now).countSend,
      appUrl: appOrigin,
      newPasswordProblem: passwordProblem,
      activationUser: async (id) => rulesUser(userById(db, id)),
      activationUserByEmail: async (email) => rulesUser(userByEmail(db, email)),
      secrets: demoSecrets(db, tools),
      sendActivationEmail: async (user, link) =>
        sendEmail(db, user.email, ...demoEmail(db, userById(db, user.id), 'activation', { link })),
      activate: async (userId, password) => {
        const passwordHash = password === null ? {} : { passwordHash: await hashDemoPassword(password) };
        updateUser(db, userId, { verified: true, ...passwordHash });
      },
      acceptance: demoAcceptancePorts(db, { ...tools, sendChoosePassword, passwordProblem }),
      checkOrigin: () => {},
      startSession: async (userId) => tools.startSession(db, demoUserOf(db, userId)!),
    };
  }

  Object.assign(routes, demoPublicHandlers(PASSWORD_FLOW_HANDLERS, passwordPorts));
  // Activation's handlers load on first use (the demo's first chunk has a byte budget).
  const rules = () => import('../domain/activation-handlers');
  for (const name of ['getUsersActivateStrategy', 'postUsersActivate', 'postUsersActivateReset'] as const)
    routes[name] = async (db, request) =>
      demoPublicHandlers((await rules()).ACTIVATION_HANDLERS, activationPorts)[name]!(db, request);
  /** Sign-up's activation email (core/demo/signIn.ts): the shared rule's fresh link. */
  const sendActivation = async (db: DemoDatabase, userId: string) =>
    (await rules()).sendActivation(activationPorts(db), rulesUser(userById(db, userId))!);
  return {
    routes,
    sendActivation,
    sendEmail,
    sendChoosePassword,
    passwordPorts,
    passwordProblem,
  };
}
