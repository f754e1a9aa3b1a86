import { ElementRoot } from '../shared/ElementRoot';
import { PortalShell } from './shell/PortalShell';

interface AdminPortalProps {
  container: ShadowRoot;
}

/** `<auth-admin-portal>`: the self-service portal. Each page is its own lazily loaded chunk. */
export function AdminPortal({ container }: AdminPortalProps) {
  return (
    <ElementRoot container={container} requestSource="admin-portal">
      <PortalShell />
    </ElementRoot>
  );
}
