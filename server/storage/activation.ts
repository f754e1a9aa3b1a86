/**
 * Activation's storage (the rules: core/domain/activation-handlers.ts; the ports:
 * server/domain/activation.ts): the address proven once the link is used.
 */
import type { Database } from './database';

/** Marks the user's address proven: the account is active. */
export async function markActivated(tx: Database, userId: string): Promise<void> {
  await tx.query('UPDATE users SET verified = true, updated_at = now() WHERE id = $1', [userId]);
}
