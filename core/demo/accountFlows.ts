import type { AuthResponse } from '../api/types';
import { fail, ok } from '../contract/answer';
import { demoEmail } from './delivery';
import type { DemoRoutes } from './dispatch';
import { DEMO_PASSWORD_POLICY, userById, type DemoDatabase, type DemoUser } from './data';
import type { UserRow } from '../domain/user-tables';
import { resetPasswordAddress } from '../domain/account-links';
import { newPasswordProblem } from '../domain/sign-up-handlers';
import type { LinkPurpose } from '../domain/passwordless';
import { appOrigin, demoOutbox, demoSecrets, isDemoBreached } from './passwordlessPorts';
import type { DemoClock } from './rows';

/**
 * Demo mode's outbox (the server's: dev-outbox.ts) and the emails of sign-up and the invitations.
 * Password reset and change and activation are areas written once for both backends
 * (core/domain/account-flow-ports.ts, dispatched with the back office: core/demo/backOffice.ts).
 *
 * Where the server sends an email, the demo writes it to the demo outbox (kept with the rest of the
 * demo data in localStorage), answers it at GET /dev/outbox?to=... like a development server, and
 * prints it to the browser console, so someone trying the demo can open the link.
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
   * Sign-up's activation email (core/demo/signIn.ts): the shared flow's fresh link over demo mode's
   * platform (loaded with the back office: core/demo/lazyAreas.ts).
   */
  async function sendActivation(db: DemoDatabase, userId: string) {
    const [{ sendActivationOn }, { demoPlatform }] = await Promise.all([
      import('../domain/account-flow-ports'),
      import('./platform'),
    ]);
    await sendActivationOn(demoPlatform(db, tools), userById(db, userId)!, () => {});
  }
  return { routes, sendActivation, sendEmail, sendChoosePassword, issueToken, passwordProblem };
}
