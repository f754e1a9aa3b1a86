import type { PortalPageProps } from '../../shell/PortalShell';
import { ApiTokensPage } from './ApiTokensPage';

/** The account's API tokens (spec 001 §2 apiTokens): its own chunk, sharing the tokens page. */
export default function TenantApiTokensPage(_props: PortalPageProps) {
  return <ApiTokensPage kind="tenant" />;
}
