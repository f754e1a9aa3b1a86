/**
 * Passwordless sign-in and the phone-number flows (spec 000 §4, §7; descriptors:
 * core/contract/routes/sign-in.ts and account.ts), written once for the server and demo mode
 * (core/domain/handlers.ts) over the rules of core/domain/passwordless.ts. What differs between
 * the backends is a port: the sign-in methods and the captcha the server checks, the calling
 * page's origin, where the email of a code's pre-login waits (the server's httpOnly cookie), and
 * how a verified first factor becomes a session or a second-factor step (with its refresh cookie).
 */
import { contractError } from '../contract/errors';
import { answer, type AreaHandlers, type PublicHandlers } from './handlers';
import { refuseWhileImpersonating } from './impersonation';
import {
  assertBodyTypeMatches,
  changePhoneWithToken,
  finishPhoneVerification,
  passwordlessPostLogin,
  passwordlessPreLogin,
  passwordlessTypeOf,
  requestPhoneReset,
  startPhoneVerification,
  verifyPhoneReset,
  type PasswordlessPorts,
  type PasswordlessType,
  type PasswordlessUser,
} from './passwordless';

/** The ports of the handlers: the rules' ports and what each backend adds around them. */
export interface PasswordlessHandlerPorts extends PasswordlessPorts {
  /** Refuses a sign-in method the application turned off (the account's is checked at sign-in). */
  assertMethodAllowed(type: PasswordlessType): Promise<void>;
  /** Refuses a pre-login whose captcha does not hold (when the application asks for one). */
  verifyCaptcha(email: string, token: unknown): Promise<void>;
  /** Refuses a post-login from a page the server does not trust. */
  checkOrigin(): void;
  /** The email a code was sent to, for a post-login of `{ token }` alone. */
  preLoginEmail: { keep(email: string): void; read(): string | undefined; forget(): void };
  /** The answer of a verified first factor: a session, or the second factor it asks for. */
  signIn(user: PasswordlessUser, type: PasswordlessType): Promise<unknown>;
}

/** The ports of a signed-in user's new phone number: the rules' ports, over the caller. */
export interface PhonePorts extends PasswordlessPorts {
  /** The caller is an impersonator. */
  impersonating: boolean;
}

type P = PasswordlessHandlerPorts;

/** The path's `:type`, lower-case as the client SDK writes it; another type is no route. */
function typeOf(params: Record<string, string>): PasswordlessType {
  const type = passwordlessTypeOf(params.type ?? '');
  if (!type) throw contractError('NOT_FOUND');
  return type;
}

const text = (value: unknown) => value as string;

export const PASSWORDLESS_HANDLERS: PublicHandlers<P> = {
  async postAuthPasswordlessByTypePrelogin(p, { body, params }) {
    const type = typeOf(params);
    assertBodyTypeMatches(type, body.type);
    const email = text(body.email);
    // The application's sign-in methods (the account's are checked after the code), then the captcha.
    await p.assertMethodAllowed(type);
    await p.verifyCaptcha(email, body.recaptchaToken);
    const sent = await passwordlessPreLogin(p, type, email);
    if (type !== 'MagicLink') p.preLoginEmail.keep(email);
    return answer(sent);
  },
  async postAuthPasswordlessByTypePostlogin(p, { body, params }) {
    p.checkOrigin();
    const type = typeOf(params);
    await p.assertMethodAllowed(type);
    const email =
      type === 'MagicLink' ? null : ((body.email as string | undefined) ?? p.preLoginEmail.read());
    const input = { email, token: body.token as string | undefined };
    // A code or link is a first factor like a password: a second factor is asked for the same way.
    const signedIn = await passwordlessPostLogin(p, type, input, (user) => p.signIn(user, type));
    if (type !== 'MagicLink') p.preLoginEmail.forget();
    return answer(signedIn);
  },
  postUsersPhoneReset: async (p, { body }) =>
    answer({ resetPhoneNumberToken: await requestPhoneReset(p, text(body.email)) }),
  postUsersPhoneResetVerify: async (p, { body }) =>
    answer({
      changePhoneNumberToken: await verifyPhoneReset(p, {
        resetPhoneNumberToken: text(body.resetPhoneNumberToken),
        code: text(body.code),
      }),
    }),
  async putUsersPhoneChange(p, { body }) {
    await changePhoneWithToken(p, {
      changePhoneNumberToken: text(body.changePhoneNumberToken),
      phoneNumber: text(body.phoneNumber),
    });
    return answer({});
  },
};

/** The signed-in caller; the number receives SMS sign-in codes: an impersonator must not set it. */
async function callerUser(p: PhonePorts, userId: string) {
  refuseWhileImpersonating(p.impersonating);
  const user = await p.users.byId(userId);
  if (!user) throw contractError('UNAUTHORIZED');
  return user;
}

/** A signed-in user's new phone number, verified by a code texted to it. */
export const PHONE_HANDLERS: AreaHandlers<PhonePorts> = {
  postUsersPhone: async (p, { body, userId }) =>
    answer({
      changePhoneId: await startPhoneVerification(p, await callerUser(p, userId), text(body.phoneNumber)),
    }),
  async postUsersPhoneVerify(p, { body, userId }) {
    await finishPhoneVerification(p, await callerUser(p, userId), {
      changePhoneId: text(body.changePhoneId),
      code: text(body.code),
    });
    return answer({});
  },
};
