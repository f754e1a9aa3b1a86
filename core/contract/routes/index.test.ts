import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { indexRoutes, matchRoute, routeName, routeOf, ROUTES } from './index';
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

describe('the path matcher', () => {
  it('finds a route and its parameters, fixed segments before parameters', () => {
    const member = matchRoute('DELETE', '/identity/resources/users/v1/u%201');
    assert.equal(member?.route, routeOf('DELETE', '/identity/resources/users/v1/:userId'));
    assert.deepEqual(member?.params, { userId: 'u 1' });
    const enroll = matchRoute('POST', '/identity/resources/users/v1/mfa/authenticator/enroll/verify');
    assert.equal(enroll?.route.path, '/identity/resources/users/v1/mfa/authenticator/enroll/verify');
    assert.equal(matchRoute('POST', '/identity/resources/users/v2/me/nothing'), null);
    // Any other GET is the static files' (a root wildcard), as on the server.
    assert.equal(matchRoute('GET', '/identity/resources/users/v2/me/nothing')?.route.path, '/*');
    assert.equal(matchRoute('PATCH', '/identity/resources/users/v2/me'), null);
  });

  it('reads API routes behind their prefix, root routes at the root, a root wildcard last', () => {
    const me = matchRoute('GET', '/frontegg/identity/resources/users/v2/me');
    assert.equal(me?.route, routeOf('GET', '/identity/resources/users/v2/me'));
    assert.equal(matchRoute('GET', '/.well-known/jwks.json')?.route.path, '/.well-known/jwks.json');
    assert.equal(matchRoute('GET', '/frontegg/.well-known/jwks.json')?.route.path, '/.well-known/jwks.json');
    // A root route is not served behind the prefix: the static files' wildcard answers it.
    assert.equal(matchRoute('GET', '/frontegg/oauth/login')?.route.path, '/*');
    assert.deepEqual(matchRoute('GET', '/cdn/a/b.js')?.params, { '*': 'a/b.js' });
  });

  it('matches every route of the table at its own path, and names each once', () => {
    assert.equal(new Set(ROUTES.map(routeName)).size, ROUTES.length);
    assert.equal(routeName(routeOf('GET', '/identity/resources/users/v2/me')!), 'getUsersMe');
    for (const route of ROUTES) {
      if (route.path.includes('*')) continue;
      const path = route.path.replace(/:(\w+)/g, 'x-$1');
      assert.equal(matchRoute(route.method, path)?.route, route, `${route.method} ${route.path}`);
    }
  });
});
