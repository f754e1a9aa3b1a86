/**
 * What the account flows (password reset, activation, invitations, passwordless) take of the
 * server; their delivery that must not change an answer is core/domain/account-flow-ports.ts `quietly`.
 */
import type { AppContext } from '../context';

/** What the flows use: the app context, whose `delivery` sends their emails and SMS. */
export type FlowContext = AppContext;
