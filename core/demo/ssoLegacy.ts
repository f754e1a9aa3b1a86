/**
 * Demo mode's answers to the client SDK's legacy single-connection SSO calls: the shared handlers
 * (core/domain/sso-handlers.ts over core/domain/sso-legacy.ts, the server's own) over the demo's
 * SSO connections (core/demo/ssoConfig.ts), so both read and change the same sample connections
 * with the same rules and messages as the SSO page. The SAML entity of GET /metadata is
 * `demoSamlMetadata`.
 */
import { type Answer, fail, ok } from '../contract/answer';
import { holdsPermission } from '../contract/permissions';
import { SSO_READ_PERMISSION } from '../contract/ssoLegacy';
import { SSO_LEGACY_HANDLERS } from '../domain/sso-handlers';
import { LegacySso } from '../domain/sso-legacy';
import type { DemoDatabase, DemoUser } from './data';
import { demoHandlers } from './shared';
import { demoSsoPorts } from './ssoConfig';

type Tools = { now: () => number; random: () => string };

/** The SAML entity of GET /metadata (the server's LegacySso.samlMetadata; its permission checked there too). */
export async function demoSamlMetadata(
  db: DemoDatabase,
  user: DemoUser,
  held: string[],
  now: () => number,
  random: () => string,
): Promise<Answer> {
  if (!holdsPermission(held, SSO_READ_PERMISSION))
    return fail('PERMISSION_REQUIRED', { permission: SSO_READ_PERMISSION });
  const { sso, vendorOf } = demoSsoPorts(db, user, { now, random });
  return ok(await new LegacySso(sso, vendorOf).samlMetadata(user.tenantId));
}

/** The legacy routes (core/contract/routes/sso.ts), by descriptor name. */
export const demoSsoLegacyRoutes = (tools: Tools) =>
  demoHandlers(SSO_LEGACY_HANDLERS, (db, user) => demoSsoPorts(db, user, tools));
