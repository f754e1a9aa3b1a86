import type { PortalPageProps } from '../../shell/PortalShell';
import { ApiTokensPage } from './ApiTokensPage';

/** Personal API tokens (spec 001 §2 personalApiTokens): its own chunk, sharing the tokens page. */
export default function PersonalApiTokensPage(_props: PortalPageProps) {
  return <ApiTokensPage kind="personal" />;
}
