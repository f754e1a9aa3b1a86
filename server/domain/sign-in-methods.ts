/**
 * The server's enforcement of the sign-in methods (issue 15). The rules (which methods the
 * application and an account allow, the checks of a save) are core/domain/sign-in-methods.ts,
 * over the repository of server/storage/sign-in-methods.ts; demo mode answers the same rules.
 *
 * Enforcement: the vendor's switch is checked where a sign-in starts (it is the same for everyone,
 * so it tells nothing about an email); an account's switch after the first factor is proven (the
 * right password, a valid code or link, a verified passkey), like the lockout, so a refusal never
 * tells a stranger which account an email belongs to (with the MFA gate: core/domain/mfa-assembly.ts
 * `mfaGateOver`, server/http/mfa-gate.ts).
 */
import {
  saveAccountSignInMethods,
  type SignInMethod,
  type StrategiesBody,
} from '../../core/domain/sign-in-methods';
import type { Database } from '../storage/database';
import { signInMethodRepository } from '../storage/sign-in-methods';

export type { SignInMethod };

/** Saves an account's own methods (within the vendor's); answers what now applies to it. */
export const saveTenantSignInMethods = (db: Database, tenantId: string, body: StrategiesBody) =>
  saveAccountSignInMethods(signInMethodRepository(db), tenantId, body);
