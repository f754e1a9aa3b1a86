/**
 * Helpers shared by the account flows (password reset, activation, invitations, passwordless).
 */
import type { AppContext } from '../context';

/** What the flows use: the app context, whose `delivery` sends their emails and SMS. */
export type FlowContext = AppContext;

/**
 * Sends a message whose failure must not change the answer (password reset and activation resend
 * always answer 200, so that they do not tell who has an account). The failure is logged without
 * the message, which holds a secret.
 */
export async function sendQuietly(send: () => Promise<void>, log: (message: string) => void): Promise<void> {
  try {
    await send();
  } catch (error) {
    log(`delivery failed: ${(error as Error).message}`);
  }
}
