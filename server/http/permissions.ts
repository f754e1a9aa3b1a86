/**
 * Server-side permission checks for admin endpoints. The permissions are the access token's
 * claims (granted by the caller's roles in the active tenant); the wildcard rules are the same
 * function the portal uses to decide what to show (core/portal/pages.ts), so the two cannot differ.
 */
import { hasPermission } from '../../core/portal/pages';
import type { AccessTokenClaims } from '../domain/tokens';
import { httpError } from './errors';

/** Throws 403 unless the caller holds `permission`, and 403 when the caller has no active tenant. */
export function requirePermission(claims: AccessTokenClaims, permission: string): string {
  if (!hasPermission(claims.permissions ?? [], permission))
    throw httpError(403, `You need the ${permission} permission to do this`);
  if (!claims.tenantId) throw httpError(403, 'You are not a member of any account');
  return claims.tenantId;
}
