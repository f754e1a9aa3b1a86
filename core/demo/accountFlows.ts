import type { AuthResponse } from '../api/types';
import { fail, ok } from '../contract/answer';
import { contractError, type ContractError } from '../contract/errors';
import { demoEmail } from './delivery';
import { isDemoBreached } from './passwordless';
import type { DemoRoutes } from './dispatch';
import { DEMO_PASSWORD_MIN_LENGTH, type DemoDatabase, type DemoOneTimeToken, type DemoUser } from './data';
import { activationAddress, resetPasswordAddress, type TokenAddress } from '../domain/account-links';
import type { ActivationPorts } from '../domain/activation-handlers';
import { INVITATION_LIFETIME_MS } from '../domain/invitations';
import { PASSWORD_FLOW_HANDLERS, type FlowUser, type PasswordFlowPorts } from '../domain/password-flows';
import { demoAcceptancePorts } from './invitationStore';
import { demoPublicHandlers } from './shared';

/**
 * Demo mode's password reset and activation: the server's handlers (core/domain/password-flows.ts,
 * activation-handlers.ts) over the demo's data, and its outbox (the server's: dev-outbox.ts).
 *
 * Where the server sends an email, the demo writes it to the demo outbox (kept with the rest of the
 * demo data in localStorage), answers it at GET /dev/outbox?to=... like a development server, and
 * prints it to the browser console, so someone trying the demo can open the link.
 * Secrets are kept as they are: this is sample data in the visitor's own browser, not security.
 * Bodies and queries reach these handlers checked against the contract's schemas
 * (core/contract/requests.ts, in core/demo/backend.ts).
 */

interface DemoFlowTools {
  startSession(db: DemoDatabase, user: DemoUser): AuthResponse;
  /** The failure limit of sign-ins (core/demo/passwordless.ts). */
  lockedFor(db: DemoDatabase, email: string): number | null | undefined;
  recordFailure(db: DemoDatabase, email: string): void;
  clearFailures(db: DemoDatabase, email: string): void;
  tooManyAttempts(ms: number): ContractError;
  /** Counts a message sent to the email against its sending limit (core/demo/passwordlessPorts.ts). */
  countSend(db: DemoDatabase, email: string): void;
  random(): string;
  now(): number;
}

const HOUR = 3600_000;
const LIFETIMES_MS = {
  resetPassword: HOUR,
  activation: 7 * 24 * HOUR,
  invitation: INVITATION_LIFETIME_MS,
} as const;

const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;
/** The password policy of the demo (the server's default policy; the schema caps the length). */
function passwordProblem(password: unknown): ContractError | null {
  if (typeof password !== 'string' || password.length < DEMO_PASSWORD_MIN_LENGTH)
    return contractError('PASSWORD_TOO_SHORT', { n: DEMO_PASSWORD_MIN_LENGTH });
  return isDemoBreached(password) ? contractError('PASSWORD_BREACHED') : null;
}
const findByEmail = (db: DemoDatabase, email: string) =>
  db.users.find((u) => u.email.toLowerCase() === email.trim().toLowerCase());

/** Where demo links point: the page's own origin (there is no server to configure). */
/** The page's origin: where the demo's emailed links and public settings point. */
export const appOrigin = () => globalThis.location?.origin ?? 'https://demo.auth-elements.invalid';

export function createDemoAccountFlows(tools: DemoFlowTools) {
  function sendEmail(db: DemoDatabase, to: string, subject: string, text: string) {
    (db.outbox ??= []).unshift({
      channel: 'email',
      to,
      subject,
      text,
      createdAt: new Date(tools.now()).toISOString(),
    });
    db.outbox.length = Math.min(db.outbox.length, 50);
    // The demo's delivery: visible to whoever tries the demo, in the console.
    console.info(`[auth-elements demo] email to ${to}: ${subject}\n${text}`);
  }

  /** A new link token of `purpose` for the user (their older ones of it stop working). */
  function issueToken(db: DemoDatabase, purpose: keyof typeof LIFETIMES_MS, userId: string): string {
    const tokens = (db.oneTimeTokens ??= []);
    for (const t of tokens) if (t.userId === userId && t.purpose === purpose) t.used = true;
    const token = `${tools.random()}${tools.random()}`;
    tokens.push({ purpose, userId, token, expiresAt: tools.now() + LIFETIMES_MS[purpose], used: false });
    return token;
  }
  const issueLink = (
    db: DemoDatabase,
    purpose: keyof typeof LIFETIMES_MS,
    user: DemoUser,
    address: TokenAddress,
  ): string => address(appOrigin(), user.id, issueToken(db, purpose, user.id));

  function liveLink(db: DemoDatabase, purpose: DemoOneTimeToken['purpose'], userId: unknown, token: unknown) {
    return (db.oneTimeTokens ?? []).find(
      (t) =>
        t.purpose === purpose &&
        t.userId === userId &&
        t.token === token &&
        !t.used &&
        t.expiresAt > tools.now(),
    );
  }

  /**
   * Sign-up's activation email (core/demo/signIn.ts): a fresh link, in the outbox before the
   * sign-up answers (the shared `sendActivation`'s steps, synchronous here).
   */
  function sendActivationNow(db: DemoDatabase, user: DemoUser) {
    const link = issueLink(db, 'activation', user, activationAddress);
    sendEmail(db, user.email, ...demoEmail(db, user, 'activation', { link }));
  }

  /** After an invitation accepted without a password: the link to choose one (the server's email). */
  function sendChoosePassword(db: DemoDatabase, user: DemoUser, tenantName: string) {
    const link = issueLink(db, 'resetPassword', user, resetPasswordAddress);
    sendEmail(db, user.email, ...demoEmail(db, user, 'choosePassword', { link, tenantName }));
  }

  const routes: DemoRoutes = {
    getDevOutbox: (db, { query }) => {
      if (!isText(query.to, 254)) return fail('FIELD_REQUIRED', { field: 'To' });
      const to = query.to.toLowerCase();
      return ok({ messages: (db.outbox ?? []).filter((m) => m.to.toLowerCase() === to) });
    },
  };

  /**
   * The ports of the password flows (core/domain/password-flows.ts) over the demo's data: its
   * plain sample passwords, its one-time links, its outbox, its per-email attempt counters. It
   * keeps no password history (the history policy is stored, not enforced here) and has one
   * session, the visitor's: a reset ends it when it is the user's, a change keeps it.
   */
  function passwordPorts(db: DemoDatabase): PasswordFlowPorts {
    const stored = (id: string) => db.users.find((u) => u.id === id);
    const flowUser = (user: DemoUser | undefined): FlowUser | null =>
      user ? { id: user.id, email: user.email, activeTenantId: user.tenantId } : null;
    return {
      countSend: async (email) => tools.countSend(db, email),
      // The demo's captcha policy is off.
      verifyCaptcha: async () => {},
      userByEmail: async (email) => flowUser(findByEmail(db, email)),
      userById: async (id) => flowUser(stored(id)),
      appUrl: appOrigin,
      issueResetToken: async (userId) => issueToken(db, 'resetPassword', userId),
      consumeResetToken: async (userId, token) => {
        const link = liveLink(db, 'resetPassword', userId, token);
        if (link) link.used = true;
        return !!link;
      },
      sendResetEmail: async (user, link) =>
        sendEmail(db, user.email, ...demoEmail(db, stored(user.id)!, 'resetPassword', { link })),
      newPasswordProblem: async (password) => passwordProblem(password),
      reuseProblem: async () => null,
      passwordMatches: async (user, password) =>
        !!stored(user.id)?.password && stored(user.id)!.password === password,
      assertNotLocked: async (email) => {
        const locked = tools.lockedFor(db, email);
        if (locked) throw tools.tooManyAttempts(locked);
      },
      recordFailure: async (email) => tools.recordFailure(db, email),
      clearFailures: async (email) => tools.clearFailures(db, email),
      savePassword: async (userId, password, { verified, keepSession }) => {
        const user = stored(userId)!;
        user.password = password;
        if (verified) user.verified = true;
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
    const { countSend, appUrl, newPasswordProblem } = passwordPorts(db);
    const activationUser = (user: DemoUser | undefined) =>
      user && {
        id: user.id,
        email: user.email,
        verified: user.verified !== false,
        hasPassword: !!user.password,
      };
    const stored = (id: string) => db.users.find((u) => u.id === id);
    return {
      countSend,
      appUrl,
      newPasswordProblem,
      activationUser: async (id) => activationUser(stored(id)) ?? null,
      activationUserByEmail: async (email) => activationUser(findByEmail(db, email)) ?? null,
      activationLinks: {
        issue: async (userId) => issueToken(db, 'activation', userId),
        isLive: async (userId, token) => !!liveLink(db, 'activation', userId, token),
        consume: async (userId, token) => {
          const link = liveLink(db, 'activation', userId, token);
          if (link) link.used = true;
          return !!link;
        },
      },
      sendActivationEmail: async (user, link) =>
        sendEmail(db, user.email, ...demoEmail(db, stored(user.id)!, 'activation', { link })),
      activate: async (userId, password) => {
        const user = stored(userId)!;
        user.verified = true;
        if (password !== null) user.password = password;
      },
      acceptance: demoAcceptancePorts(db, { sendChoosePassword, liveLink, passwordProblem }),
      checkOrigin: () => {},
      startSession: async (userId) => tools.startSession(db, stored(userId)!),
    };
  }

  Object.assign(routes, demoPublicHandlers(PASSWORD_FLOW_HANDLERS, passwordPorts));
  // Activation's handlers load on first use (the demo's first chunk has a byte budget).
  const activation = async () =>
    demoPublicHandlers((await import('../domain/activation-handlers')).ACTIVATION_HANDLERS, activationPorts);
  for (const name of ['getUsersActivateStrategy', 'postUsersActivate', 'postUsersActivateReset'] as const)
    routes[name] = async (db, request) => (await activation())[name]!(db, request);
  return {
    routes,
    sendActivation: sendActivationNow,
    sendEmail,
    sendChoosePassword,
    passwordPorts,
    issueToken,
    liveLink,
    passwordProblem,
  };
}
