/**
 * Demo mode's edit of an API token (PATCH /identity/resources/users|tenants/api-tokens/v1/{id}): the
 * rule of core/domain/api-tokens.ts over the demo's stored tokens, with the server's permissions.
 */
import { fail, ok, type Answer } from '../contract/answer';
import { contractError } from '../contract/errors';
import { holdsPermission } from '../contract/permissions';
import { editApiToken, type ApiTokenChanges } from '../domain/api-tokens';
import type { DemoDatabase, DemoUser } from './data';
import { demoTokenDto, visibleRoles } from './teamAdmin';

const PATH = /^\/identity\/resources\/(users|tenants)\/api-tokens\/v1\/([^/]+)$/;

/** The edit's answer, or NOT_FOUND for any other request the team-admin paths did not answer. */
export async function editDemoToken(
  db: DemoDatabase,
  caller: DemoUser,
  request: { method: string; path: string; body: Record<string, unknown> },
  permissionsOf: (user: DemoUser, db: DemoDatabase) => string[],
): Promise<Answer> {
  const held = permissionsOf(caller, db);
  const match = request.method.toUpperCase() === 'PATCH' ? PATH.exec(request.path) : null;
  if (!match) return fail('NOT_FOUND');
  const type = match[1] === 'users' ? 'user' : 'tenant';
  const permission = `fe.secure.write.${type === 'user' ? 'userApiTokens' : 'tenantApiTokens'}`;
  if (!holdsPermission(held, permission)) return fail('PERMISSION_REQUIRED', { permission });
  const token = (db.apiTokens ?? []).find(
    (t) =>
      t.id === decodeURIComponent(match[2]!) &&
      t.tenantId === caller.tenantId &&
      t.type === type &&
      !t.kind &&
      (type === 'tenant' || t.userId === caller.id),
  );
  const roles = visibleRoles(db, caller.tenantId);
  const edited = await editApiToken(
    {
      exists: async () => !!token,
      knownRoles: async (ids) => roles.filter((r) => ids.includes(r.id)).length,
      assertMayGrant: async (ids) => {
        const missing = roles
          .filter((r) => ids.includes(r.id))
          .flatMap((r) => r.permissions)
          .find((key) => !holdsPermission(held, key));
        if (missing) throw contractError('GRANT_NOT_HELD', { permission: missing });
      },
      update: async (_id, changes) => {
        if (changes.description !== undefined) token!.description = changes.description;
        if (changes.roleIds && type === 'tenant') token!.roleIds = changes.roleIds;
        return demoTokenDto(token!);
      },
    },
    token?.id ?? '',
    request.body as ApiTokenChanges,
  );
  return ok(edited, true);
}
