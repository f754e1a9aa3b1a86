// Who may call each route, stated a second time on purpose: the route table (core/contract/routes) is
// where the server and the permission matrix read a route's access from, so a wrong permission there
// would pass the matrix (it holds the caller to whatever the table says). This list is the reviewed
// expectation: a change of who may call a route changes both in the same commit, where a reviewer
// sees it. New routes are added here the same way.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ROUTES } from '../core/contract/routes';
import type { RouteDescriptor } from '../core/contract/routes/descriptor';

const expected = JSON.parse(
  readFileSync(new URL('./route-access.expected.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/** One line per route: public, self, a permission and its scope, or the vendor's administrators. */
function accessLine(route: RouteDescriptor): string {
  const access = route.access;
  const tokens = 'apiTokens' in access && access.apiTokens === 'refused' ? ', API tokens refused' : '';
  if (access.kind === 'public') return 'public';
  const { name, value, permission } = (access.kind === 'self' && access.byQuery) || {};
  if (access.kind === 'self') return `self${tokens}${permission ? `; ${name}=${value}: ${permission}` : ''}`;
  if (access.kind === 'superUser') return `super user (${access.scope})`;
  const open = access.publicWith ? `; public without a bearer, with ${access.publicWith.field}` : '';
  return `${access.permission} (${access.scope})${tokens}${open}`;
}

test('every route is called by whom the reviewed list says', () => {
  const actual = Object.fromEntries(
    ROUTES.map((route) => [`${route.method} ${route.path}`, accessLine(route)]),
  );
  const changed = Object.keys({ ...expected, ...actual })
    .filter((key) => expected[key] !== actual[key])
    .map(
      (key) =>
        `${key}: expected ${expected[key] ?? '(no route)'}, the table says ${actual[key] ?? '(no route)'}`,
    );
  assert.deepEqual(
    changed,
    [],
    'update server/route-access.expected.json with the table, in the same change',
  );
});
