/**
 * Demo mode's answers to the client SDK's legacy single-connection SSO calls: the use cases of
 * core/domain/sso-legacy.ts (the server's own: a view of the account's oldest SAML connection, and
 * oldest OIDC one for getOidcConfiguration) over the demo's SSO connections (core/demo/ssoConfig.ts),
 * so both read and change the same sample connections with the same rules and messages as the SSO
 * page. The route table finds the route and checks its permission (core/demo/dispatch.ts); bodies
 * are checked before this runs, with the server's schemas (core/contract/requests-sso-legacy.ts).
 * The SAML entity of GET /metadata is `demoSamlMetadata`.
 */
import { type Answer, fail, ok } from '../contract/answer';
import { holdsPermission } from '../contract/permissions';
import { SSO_READ_PERMISSION } from '../contract/ssoLegacy';
import { LegacySso } from '../domain/sso-legacy';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRequest, DemoRoutes } from './dispatch';
import type { UserHandler } from './sessions';
import { demoSsoAnswer, demoSsoConnectionsOf } from './ssoConfig';

type Json = Record<string, unknown>;
type Tools = { now: () => number; random: () => string };

const legacyOf = (db: DemoDatabase, tools: Tools) =>
  new LegacySso(demoSsoConnectionsOf(db, tools), async () => 'demo-vendor');

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
  return ok(await legacyOf(db, { now, random }).samlMetadata(user.tenantId));
}

/** The legacy routes (core/contract/routes/sso.ts), by descriptor name. */
export function demoSsoLegacyRoutes(tools: Tools): DemoRoutes<UserHandler> {
  type Run = (legacy: LegacySso, tenantId: string, request: DemoRequest) => Promise<unknown>;
  const handler =
    (run: Run, status = 200): UserHandler =>
    (db: DemoDatabase, user: DemoUser, request: DemoRequest) => {
      const write = request.method !== 'GET';
      return demoSsoAnswer(
        async () => ok(await run(legacyOf(db, tools), user.tenantId, request), write, status),
        write,
      );
    };
  const body = (request: DemoRequest) => request.body as Json;
  const roleIds = (request: DemoRequest) => (body(request).roleIds as string[] | undefined) ?? [];
  return {
    getTeamSsoSamlConfigurations: handler((legacy, t) => legacy.get(t)),
    postTeamSsoSamlConfigurations: handler((legacy, t, r) => legacy.update(t, body(r))),
    getTeamSsoSamlConfigurationsVendorConfig: handler((legacy, t) => legacy.vendorConfiguration(t)),
    putTeamSsoSamlConfigurationsMetadata: handler((legacy, t, r) =>
      legacy.updateMetadata(t, String(body(r).metadata)),
    ),
    putTeamSsoSamlValidationsDomain: handler((legacy, t) => legacy.validateDomain(t)),
    getTeamSsoSamlConfigurationsRolesDefault: handler((legacy, t) => legacy.defaultRoles(t)),
    postTeamSsoSamlConfigurationsRolesDefault: handler((legacy, t, r) =>
      legacy.setDefaultRoles(t, roleIds(r)),
    ),
    getTeamSsoSamlConfigurationsGroups: handler((legacy, t) => legacy.groups(t)),
    postTeamSsoSamlConfigurationsGroups: handler(
      (legacy, t, r) => legacy.addGroup(t, String(body(r).group), roleIds(r)),
      201,
    ),
    patchTeamSsoSamlConfigurationsGroupsById: handler((legacy, t, r) =>
      legacy.updateGroup(t, r.params.id!, body(r)),
    ),
    deleteTeamSsoSamlConfigurationsGroupsById: handler(async (legacy, t, r) => {
      await legacy.removeGroup(t, r.params.id!);
      return {};
    }),
    getTeamSsoOidcConfigurations: handler((legacy, t) => legacy.oidc(t)),
  };
}
