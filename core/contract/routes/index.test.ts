import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { indexRoutes, routeOf, ROUTES } from './index';
import { SELF } from './descriptor';

describe('the route table', () => {
  it('finds a route by method and path as registered', () => {
    const found = routeOf('GET', '/identity/resources/users/v2/me');
    assert.equal(found?.access, SELF);
    assert.equal(routeOf('GET', '/identity/resources/users/v2/me/nothing'), undefined);
  });

  it('fails when a method and path are described twice', () => {
    const twice = { method: 'GET', path: '/twice', access: SELF } as const;
    assert.throws(() => indexRoutes([twice, { ...twice }]), /The route table names GET \/twice twice/);
    assert.equal(indexRoutes(ROUTES).size, ROUTES.length);
  });

  it('names each path parameter once per path, and each public route says why', () => {
    for (const route of ROUTES) {
      const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      assert.equal(new Set(names).size, names.length, route.path);
      if (route.access.kind === 'public') assert.ok(route.access.why.length > 3, route.path);
    }
  });
});
