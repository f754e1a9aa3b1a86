import type { ReactElement, ReactNode } from 'react';
import { isAuthorized } from '../../core/authorization/authorizedContent';
import { useAuth } from './hooks';

export interface AuthorizedContentProps {
  /** At least one of these permission keys must be held. */
  requiredPermissions?: string[];
  /** At least one of these role keys must be held; overrides the permissions result. */
  requiredRoles?: string[];
  /** Receives the allowed flag and renders whatever fits; `children` are then ignored. */
  render?: (isAuthorized: boolean) => ReactNode;
  children?: ReactNode;
}

/** The authorized-content guard of spec 000 §6 (the decision is core/authorization/authorizedContent.ts). */
export function AuthorizedContent({
  requiredPermissions,
  requiredRoles,
  render,
  children,
}: AuthorizedContentProps): ReactElement | null {
  const { user } = useAuth();
  const allowed = isAuthorized(user, { requiredPermissions, requiredRoles });
  if (render) return <>{render(allowed)}</>;
  return allowed ? <>{children}</> : null;
}
