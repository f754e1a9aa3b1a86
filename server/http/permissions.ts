/**
 * Server-side permission checks for admin endpoints. The permissions are the access token's
 * claims (granted by the caller's roles in the active tenant); the wildcard rule is the contract's
 * (core/contract/permissions.ts), the one the portal and the demo backend apply, so they cannot differ.
 */
import { holdsPermission } from '../../core/contract/permissions';
import type { AccessTokenClaims } from '../domain/tokens';
import { contractError } from '../../core/contract/errors';

/** Throws 403 unless the caller holds `permission`, and 403 when the caller has no active tenant. */
export function requirePermission(claims: AccessTokenClaims, permission: string): string {
  if (!holdsPermission(claims.permissions ?? [], permission))
    throw contractError('PERMISSION_REQUIRED', { permission });
  if (!claims.tenantId) throw contractError('NO_ACCOUNT');
  return claims.tenantId;
}
