/**
 * Spec 001 §4 "Token creation: close the dialog, wait 200 ms, prepend the token to the list and
 * show the success dialog." The order is a rule of its own, kept out of the component so a test
 * can check it step by step.
 */
import type { ApiToken, CreatedApiToken } from './apiTokensApi';

/** Spec 001 §9 "Dialog delay 200 ms". */
export const DIALOG_DELAY_MS = 200;

interface TokenCreationSteps {
  create: () => Promise<CreatedApiToken>;
  closeDialog: () => void;
  wait: (ms: number) => Promise<void>;
  /** Prepends the token to the list and opens the success dialog with the secret. */
  reveal: (token: CreatedApiToken) => void;
}

/** Runs a creation; a failed call leaves the dialog open (the error is the caller's to show). */
export async function createTokenThenReveal(steps: TokenCreationSteps): Promise<CreatedApiToken> {
  const token = await steps.create();
  steps.closeDialog();
  await steps.wait(DIALOG_DELAY_MS);
  steps.reveal(token);
  return token;
}

/** The list after a creation: the new token first, without its secret (the list never holds one). */
export function prependToken(list: readonly ApiToken[], created: CreatedApiToken): ApiToken[] {
  const { secret: _secret, ...token } = created;
  return [token, ...list.filter((t) => t.id !== token.id)];
}
