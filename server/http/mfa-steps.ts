/**
 * What the MFA route files share (server/routes/mfa.ts, mfa-account.ts, passkeys.ts): the mfaToken of a
 * sign-in and its end, codes sent and checked, the account's caller and its fresh proof.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { MfaChallenge } from '../../core/domain/mfa-ports';
import type { MfaService } from '../domain/mfa';
import { findUserById, type UserRow } from '../domain/users';
import { refreshCookiePath, setRefreshCookie } from './cookies';
import { contractError } from '../../core/contract/errors';
import { recoveryAnswer, refuseFactorChange, type SentCodeUse } from '../../core/domain/mfa';
import { assertTrustedOrigin } from './origin';
import { clientInfo } from './client-info';
import { REMEMBER_DEVICE_COOKIE } from './mfa-gate';
import { callerOf } from './route-table';
import { verificationCodeEmail, verificationCodeSms } from '../delivery/messages';
import { localeOfRecipient } from '../storage/locales';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export const deviceParams = {
  type: 'object',
  properties: { deviceId: { type: 'string', pattern: UUID } },
  required: ['deviceId'],
} as const;

export type Body<T> = { Body: T };
export type DeviceParam = { Params: { deviceId: string } };
interface MfaLogin {
  row: MfaChallenge;
  user: UserRow;
}
type CodeTarget =
  | { kind: 'sms'; phone: string; deviceId?: string; removal?: boolean }
  | { kind: 'email'; email: string; deviceId?: string };

export { recoveryAnswer };

const mfaTokenOf = (request: FastifyRequest) =>
  String((request.body as { mfaToken?: unknown }).mfaToken ?? '');

/** The steps the MFA routes share, over one server's context and MFA service. */
export function mfaSteps(ctx: AppContext, mfa: MfaService) {
  const rememberCookieOptions = (maxAge: number) => ({
    path: refreshCookiePath(ctx.options.prefix),
    httpOnly: true,
    secure: ctx.cookies.secure,
    sameSite: ctx.cookies.sameSite,
    ...(maxAge ? { maxAge } : {}),
  });
  return {
    mfa,
    ctx,
    /** The WebAuthn relying party of the page that calls (fixed unless development mode derives it). */
    rpIdOf: (request: FastifyRequest) =>
      mfa.rpIdFor({ origin: request.headers.origin, host: request.headers.host }),

    /** The live mfaToken and its user; refuses a cross-site caller like the other cookie endpoints. */
    async loginContext(request: FastifyRequest, mfaToken: string): Promise<MfaLogin> {
      assertTrustedOrigin(request, ctx.options.corsOrigins);
      const row = await mfa.requireMfaToken(mfaToken);
      const user = await findUserById(ctx.db, row.userId);
      if (!user) throw contractError('MFA_TOKEN_EXPIRED');
      return { row, user };
    },

    /** Ends the MFA step: uses the mfaToken up, opens the session, remembers the browser when asked. */
    async signIn(
      request: FastifyRequest,
      reply: FastifyReply,
      login: MfaLogin,
      extra: { rememberDevice?: boolean | null; recoveryCodes?: string[] | null },
    ) {
      await mfa.finishMfaToken(mfaTokenOf(request), login.user.id);
      const tenantId = typeof login.row.data.tenantId === 'string' ? login.row.data.tenantId : null;
      if (extra.rememberDevice) {
        const policy = await mfa.policyFor(tenantId);
        if (policy.allowRememberDevice) {
          const remember = await mfa.rememberBrowser(login.user.id, policy.deviceExpirationSeconds);
          reply.setCookie(
            REMEMBER_DEVICE_COOKIE,
            remember,
            rememberCookieOptions(policy.deviceExpirationSeconds),
          );
        }
      }
      const signedIn = await ctx.auth.startSession(login.user, clientInfo(request), tenantId);
      setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
      return { ...signedIn.authResponse, ...recoveryAnswer(extra.recoveryCodes) };
    },

    /** Sends a one-time code to the target, in the recipient's language; its token. */
    async sendCode(user: UserRow, target: CodeTarget) {
      const { otcToken, code } = await mfa.issueCode(user.id, target);
      const locale = await localeOfRecipient(ctx.db, user.id);
      if (target.kind === 'sms') await ctx.delivery.sendSms(verificationCodeSms(target.phone, code, locale));
      else await ctx.delivery.sendEmail(verificationCodeEmail(target.email, code, locale));
      return otcToken;
    },

    /** Spends an SMS or email code sent for `use` (core/domain/mfa-challenges.ts): what it was sent for. */
    checkCode(user: UserRow, row: MfaChallenge | null, otcToken: string, code: string, use: SentCodeUse) {
      return mfa.spendSentCode({ userId: user.id, row, otcToken, code, use });
    },

    /**
     * The account's caller: API tokens are refused (403, by the descriptor), and an impersonator's
     * changes (core/domain/mfa.ts `refuseFactorChange`).
     */
    async accountUser(request: FastifyRequest): Promise<UserRow> {
      const claims = callerOf(request);
      refuseFactorChange(Boolean(claims.act), request.method);
      const user = await findUserById(ctx.db, claims.sub);
      if (!user) throw contractError('TOKEN_INVALID');
      return user;
    },

    /** Account changes need a fresh proof: a code of an enrolled authenticator, or a recovery code. */
    requireProof: (user: UserRow, proof: string) => mfa.requireProof(user.id, proof),
  };
}
export type MfaSteps = ReturnType<typeof mfaSteps>;
