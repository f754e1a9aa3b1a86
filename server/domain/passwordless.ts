/**
 * What the server adds to passwordless sign-in and the phone-number flows. The rules (types, the
 * magic link, lifetimes, code attempts, the order of checks) are core/domain/passwordless.ts; its
 * ports are assembled once for both backends (core/domain/passwordless-ports.ts) over this
 * database. The server's own: the users as it reads them, secrets keyed by a SHA-256
 * (one-time-tokens.ts), the attempt limits counted per email and per client IP (attempts.ts: a
 * forged magic link or an unknown reset token counts against the IP), and delivery in the
 * recipient's language, whose failure does not change the answer.
 */
import {
  loginCodeEmail,
  loginCodeSms,
  magicLinkEmail,
  resetPhoneNumberEmail,
  verifyPhoneSms,
} from '../delivery/messages';
import type { PasswordlessMessage, PasswordlessPorts } from '../../core/domain/passwordless';
import { sendQuietly, type FlowContext } from './account-flows';
import { passwordlessPortsOver } from '../../core/domain/passwordless-ports';
import type { ClientInfo } from './auth';
import { hashSecret } from './one-time-tokens';
import { attemptCounters } from '../storage/attempts';
import { findUserByEmail, findUserById, type UserRow } from '../storage/users';
import { getVendorSettings } from './vendor';
import { localeOfRecipient } from '../storage/locales';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';

async function send(ctx: FlowContext, user: UserRow, sent: PasswordlessMessage): Promise<void> {
  const locale = await localeOfRecipient(ctx.db, user.id);
  if (sent.channel === 'sms')
    await ctx.delivery.sendSms(
      (sent.key === 'loginCode' ? loginCodeSms : verifyPhoneSms)(sent.to, sent.code, locale),
    );
  else if (sent.key === 'magicLink')
    await ctx.delivery.sendEmail(magicLinkEmail(user.email, sent.link, locale));
  else
    await ctx.delivery.sendEmail(
      (sent.key === 'loginCode' ? loginCodeEmail : resetPhoneNumberEmail)(user.email, sent.code, locale),
    );
}

/** The ports of one request: `client` for its IP's limits, `log` for a delivery that failed. */
export function passwordlessPorts(
  ctx: FlowContext,
  client: Pick<ClientInfo, 'ip'>,
  log: (m: string) => void,
): PasswordlessPorts<UserRow> {
  return passwordlessPortsOver(sqlTables(ctx.db), SERVER_ROW_CLOCK, {
    users: {
      byEmail: (email) => findUserByEmail(ctx.db, email),
      byId: (id) => findUserById(ctx.db, id),
      unverifiedMaySignIn: async () => (await getVendorSettings(ctx.db)).allowNotVerifiedUsersLogin,
    },
    keyOf: hashSecret,
    counters: attemptCounters(ctx.db),
    // An attempt that names no account counts against the client's IP only.
    ip: client.ip,
    deliver: (user, sent) => sendQuietly(() => send(ctx, user, sent), log),
    appUrl: ctx.options.appUrl,
  });
}
