/**
 * Demo mode's directory (SCIM) configurations, answering like the reference server
 * (server/routes/directory.ts): the client SDK's paths, the same permissions and messages, a token
 * shown once at creation (the demo keeps none: it has no SCIM endpoint to open), and a user count.
 * Bodies are checked before this runs, with the server's schemas (core/contract/requests-directory.ts).
 */
import type { ScimConfiguration, ScimSource } from '../api/directory';
import { type Answer, fail, ok } from '../contract/answer';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRequest, DemoRoutes } from './dispatch';

const SOURCE_NAMES: Record<ScimSource, string> = {
  frontegg: 'SCIM',
  okta: 'Okta',
  'azure-ad': 'Azure AD',
  other: 'SCIM',
};

type SignedIn = (db: DemoDatabase, user: DemoUser, request: DemoRequest) => Answer;

/**
 * The directory routes of a signed-in caller (core/contract/routes/directory.ts), by descriptor
 * name. The access check (core/demo/dispatch.ts) has required the descriptor's read, write or
 * delete permission; a configuration is looked up in the caller's own account only (another
 * account's is not found).
 */
export function demoDirectoryRoutes(tools: {
  now: () => number;
  random: () => string;
}): DemoRoutes<SignedIn> {
  const mineOf = (db: DemoDatabase, user: DemoUser) => ((db.directory ??= {})[user.tenantId] ??= []);
  const found =
    (run: (mine: ScimConfiguration[], at: number, request: DemoRequest) => Answer): SignedIn =>
    (db, user, request) => {
      const mine = mineOf(db, user);
      const at = mine.findIndex((c) => c.id === request.params.id);
      return at < 0 ? fail('SCIM_CONFIGURATION_NOT_FOUND') : run(mine, at, request);
    };
  return {
    getDirectoryConfigurationsScim2: (db, user) => ok(mineOf(db, user)),
    postDirectoryConfigurationsScim2: (db, user, request) => {
      const body = request.body as {
        source: ScimSource;
        connectionName?: string;
        syncToUserManagement?: boolean;
      };
      const configuration: ScimConfiguration = {
        id: tools.random(),
        connectionName: body.connectionName?.trim() || SOURCE_NAMES[body.source],
        source: body.source,
        syncToUserManagement: body.syncToUserManagement ?? true,
        createdAt: new Date(tools.now()).toISOString(),
        lastSync: null,
      };
      mineOf(db, user).push(configuration);
      const token = `scim_${'0'.repeat(32)}_${`demo${tools.random()}`
        .replace(/[^A-Za-z0-9_-]/g, '')
        .padEnd(43, 'x')
        .slice(0, 43)}`;
      return ok({ ...configuration, token }, true, 201);
    },
    patchDirectoryConfigurationsScim2ById: found((mine, at, { body }) => {
      const { syncToUserManagement } = body as { syncToUserManagement?: boolean };
      if (syncToUserManagement !== undefined) mine[at]!.syncToUserManagement = syncToUserManagement;
      return ok({}, true);
    }),
    deleteDirectoryConfigurationsScim2ById: found((mine, at) => {
      mine.splice(at, 1);
      return ok({}, true);
    }),
    // Demo mode has no identity provider: nobody is provisioned.
    getDirectoryScimTempByIdUsersCount: found(() => ok({ count: 0 })),
  };
}
