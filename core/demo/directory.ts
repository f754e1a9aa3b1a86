/**
 * Demo mode's directory (SCIM) configurations, answering like the reference server
 * (server/routes/directory.ts): the client SDK's paths, the same permissions and messages, a token
 * shown once at creation (the demo keeps none: it has no SCIM endpoint to open), and a user count.
 * Bodies are checked before this runs, with the server's schemas (core/contract/requests-directory.ts).
 */
import {
  DIRECTORY_CONFIGURATIONS,
  DIRECTORY_TEMP,
  type ScimConfiguration,
  type ScimSource,
} from '../api/directory';
import { type Answer, fail, ok } from '../contract/answer';
import { holdsPermission } from '../contract/permissions';
import type { DemoDatabase, DemoUser } from './data';

type Json = Record<string, unknown>;

const READ = 'fe.secure.read.provisioningConfiguration';
const WRITE = 'fe.secure.write.provisioningConfiguration';
const DELETE = 'fe.secure.delete.provisioningConfiguration';
const SOURCE_NAMES: Record<ScimSource, string> = {
  frontegg: 'SCIM',
  okta: 'Okta',
  'azure-ad': 'Azure AD',
  other: 'SCIM',
};

/** The paths this file answers. */
export const isDemoDirectoryPath = (path: string) =>
  path === DIRECTORY_CONFIGURATIONS ||
  path.startsWith(`${DIRECTORY_CONFIGURATIONS}/`) ||
  path.startsWith(`${DIRECTORY_TEMP}/`);

export function handleDemoDirectory(
  db: DemoDatabase,
  user: DemoUser,
  held: string[],
  request: { method: string; path: string; body: Json },
  tools: { now: () => number; random: () => string },
): Answer | null {
  const method = request.method.toUpperCase();
  const { path } = request;
  const needs = (permission: string) =>
    holdsPermission(held, permission) ? null : fail('PERMISSION_REQUIRED', { permission: permission });
  const all = (db.directory ??= {});
  const mine = (all[user.tenantId] ??= []);
  const one = /^\/directory\/resources\/v1\/configurations\/scim2\/([^/]+)$/.exec(path)?.[1];
  const counted = /^\/directory\/resources\/scim\/temp\/([^/]+)\/Users\/count$/.exec(path)?.[1];

  if (path === DIRECTORY_CONFIGURATIONS && method === 'GET') return needs(READ) ?? ok(mine);
  if (path === DIRECTORY_CONFIGURATIONS && method === 'POST') {
    const refused = needs(WRITE);
    if (refused) return refused;
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
    mine.push(configuration);
    const token = `scim_${'0'.repeat(32)}_${`demo${tools.random()}`
      .replace(/[^A-Za-z0-9_-]/g, '')
      .padEnd(43, 'x')
      .slice(0, 43)}`;
    return ok({ ...configuration, token }, true, 201);
  }
  if (one !== undefined && (method === 'PATCH' || method === 'DELETE')) {
    const refused = needs(method === 'PATCH' ? WRITE : DELETE);
    if (refused) return refused;
    const id = decodeURIComponent(one);
    const at = mine.findIndex((c) => c.id === id);
    if (at < 0) return fail('SCIM_CONFIGURATION_NOT_FOUND');
    if (method === 'DELETE') mine.splice(at, 1);
    else {
      const body = request.body as { syncToUserManagement?: boolean };
      if (body.syncToUserManagement !== undefined) mine[at]!.syncToUserManagement = body.syncToUserManagement;
    }
    return ok({}, true);
  }
  if (counted !== undefined && method === 'GET') {
    const refused = needs(READ);
    if (refused) return refused;
    // Demo mode has no identity provider: nobody is provisioned.
    return mine.some((c) => c.id === decodeURIComponent(counted))
      ? ok({ count: 0 })
      : fail('SCIM_CONFIGURATION_NOT_FOUND');
  }
  return null;
}
