/**
 * The "may grant" rule: a caller can only hand out (to a role, a group, a member, a token, an
 * invitation) permissions they hold themselves.
 */
import { coversForGrant } from '../../core/portal/roleForm';
import { httpError } from '../http/errors';
import type { AccessTokenClaims } from './tokens';

/** 403 unless the caller holds every permission they try to grant. */
export function assertMayGrant(claims: AccessTokenClaims, keys: Iterable<string>): void {
  for (const key of keys) {
    if (!coversForGrant(claims.permissions ?? [], key))
      throw httpError(403, `You cannot grant the ${key} permission: you do not hold it`);
  }
}
