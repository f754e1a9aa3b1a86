/**
 * Demo mode's answers to the client SDK's legacy single-connection SSO calls: the shared handlers
 * (core/domain/sso-handlers.ts over core/domain/sso-legacy.ts, the server's own) over the demo's
 * SSO connections (core/demo/ssoConfig.ts), so both read and change the same sample connections
 * with the same rules and messages as the SSO page. The SAML entity of GET /metadata is
 * `demoSamlMetadata`.
 */
import { SSO_LEGACY_HANDLERS } from '../domain/sso-handlers';
import { LegacySso } from '../domain/sso-legacy';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoClock } from './rows';
import { demoHandlers } from './shared';
import { demoSsoPorts } from './ssoConfig';

/**
 * The SAML entity of GET /metadata (the server's LegacySso.samlMetadata). Only SSO readers ask for
 * it: the route's `byQuery` access, which the dispatch checks as the server's route table does.
 */
export function demoSamlMetadata(db: DemoDatabase, user: DemoUser, tools: DemoClock): Promise<unknown> {
  const { sso, vendorOf } = demoSsoPorts(db, user, tools);
  return new LegacySso(sso, vendorOf).samlMetadata(user.tenantId);
}

/** The legacy routes (core/contract/routes/sso.ts), by descriptor name. */
export const demoSsoLegacyRoutes = (tools: DemoClock) =>
  demoHandlers(SSO_LEGACY_HANDLERS, (db, user) => demoSsoPorts(db, user, tools));
