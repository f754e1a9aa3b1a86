import { holdsPermission } from '../contract/permissions';

/** The signed-in user as far as the authorized-content guard reads it. */
export interface GuardUser {
  superUser?: boolean;
  roles?: ReadonlyArray<{ key: string }>;
  permissions?: ReadonlyArray<{ key: string }>;
}

export interface GuardRequirements {
  /** At least one of these permission keys must be held. */
  requiredPermissions?: readonly string[];
  /** At least one of these role keys must be held; overrides the permissions result when both are given. */
  requiredRoles?: readonly string[];
}

/**
 * The authorized-content guard of spec 000 §6, as a pure decision:
 * - a super user always sees the content;
 * - required permissions: at least one permission key must be held;
 * - required roles: at least one role key must be held, and the roles result overrides the
 *   permissions result when both are given;
 * - no requirement: the content shows.
 *
 * An empty list counts as "not given" (a host passing `[]` asks for nothing). Without a user
 * (signed out) nothing with a requirement is allowed; with no requirement the content shows, as the
 * spec says. Permission keys match wildcards (`fe.*` grants `fe.secure.read.users`); role keys match
 * exactly.
 */
export function isAuthorized(
  user: GuardUser | null | undefined,
  requirements: GuardRequirements = {},
): boolean {
  if (user?.superUser) return true;
  const permissions = requirements.requiredPermissions?.length ? requirements.requiredPermissions : null;
  const roles = requirements.requiredRoles?.length ? requirements.requiredRoles : null;
  let allowed = true;
  if (permissions) {
    const held = (user?.permissions ?? []).map((p) => p.key);
    allowed = permissions.some((key) => holdsPermission(held, key));
  }
  if (roles) {
    const held = new Set((user?.roles ?? []).map((r) => r.key));
    allowed = roles.some((key) => held.has(key));
  }
  return allowed;
}
