/**
 * Account activation on the server: its handlers and ports are written once
 * (core/domain/activation-handlers.ts, account-flow-ports.ts) over the server's platform. What
 * other routes call: a fresh activation link by email (sign-up, an administrator's resend).
 */
import { sendActivationOn } from '../../core/domain/account-flow-ports';
import { serverPlatform } from '../platform';
import type { UserRow } from '../storage/users';
import type { FlowContext } from './account-flows';

/** Emails a fresh activation link to `user` (older links stop working): sign-up, an admin's resend. */
export const sendActivationEmail = (
  ctx: FlowContext,
  user: Pick<UserRow, 'id' | 'email'>,
  log: (message: string) => void,
): Promise<void> => sendActivationOn(serverPlatform(ctx), user, log);
