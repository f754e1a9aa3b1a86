/**
 * Server-level behaviour: custom prefix, CORS allow-list, security headers, the static server.
 * This file uses prefix "api" (the other files use the default) to cover the prefix option.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { BuiltServer } from './app';
import { resolveOptions } from './options';
import { ADMIN, ALLOWED_ORIGIN, refreshCookieLine, startTestServer } from '../test/support/server';

const LOGIN = '/api/identity/resources/auth/v1/user';
let server: BuiltServer;
let root: string;

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'ae-static-'));
  mkdirSync(join(root, 'cdn', '6.138.0', 'login-box'), { recursive: true });
  mkdirSync(join(root, 'demo-pages', 'nested'), { recursive: true });
  writeFileSync(join(root, 'cdn', 'loader.js'), 'export const loader = 1;');
  writeFileSync(join(root, 'cdn', '6.138.0', 'login-box', 'index.js'), 'export const box = 1;');
  writeFileSync(
    join(root, 'cdn', '6.138.0', 'login-box', 'index.js.br'),
    brotliCompressSync('export const box = 1;'),
  );
  writeFileSync(
    join(root, 'demo-pages', 'index.html'),
    '<script src="%BASE_URL%/cdn/loader.js"></script><a href="%BASE_URL%/">home</a>',
  );
  writeFileSync(
    join(root, 'demo-pages', 'login.html'),
    '<auth-login-box base-url="%BASE_URL%"></auth-login-box>',
  );
  writeFileSync(join(root, 'demo-pages', 'nested', 'index.html'), 'nested %BASE_URL%');
  writeFileSync(join(root, 'demo-pages', 'style.css'), 'body { color: %BASE_URL%; }');
  writeFileSync(join(root, 'demo-pages', '.secret'), 'secret');
  writeFileSync(join(root, 'outside.html'), 'outside');
  server = await startTestServer({ prefix: 'api', staticRoot: root });
});
after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('prefix', () => {
  it('serves the API under the configured prefix, with the cookie path to match', async () => {
    const res = await server.app.inject({ method: 'POST', url: LOGIN, payload: ADMIN });
    assert.equal(res.statusCode, 200);
    assert.match(refreshCookieLine(res)!, /Path=\/api\/identity\/resources\/auth;/);
    assert.equal(
      (await server.app.inject({ method: 'GET', url: '/api/.well-known/jwks.json' })).statusCode,
      200,
    );
    assert.equal((await server.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).statusCode, 200);
    assert.equal(
      (
        await server.app.inject({
          method: 'POST',
          url: '/frontegg/identity/resources/auth/v1/user',
          payload: ADMIN,
        })
      ).statusCode,
      404,
    );
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    server.app.inject({
      method: 'OPTIONS',
      url: LOGIN,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,frontegg-source',
      },
    });

  it('answers an allow-listed origin with credentials', async () => {
    const res = await preflight(ALLOWED_ORIGIN);
    assert.equal(res.statusCode, 204);
    assert.equal(res.headers['access-control-allow-origin'], ALLOWED_ORIGIN);
    assert.equal(res.headers['access-control-allow-credentials'], 'true');
    assert.match(String(res.headers['access-control-allow-methods']), /POST/);
    assert.equal(res.headers['access-control-allow-headers'], 'content-type,frontegg-source');

    const get = await server.app.inject({
      method: 'GET',
      url: '/api/vendors/public',
      headers: { origin: ALLOWED_ORIGIN },
    });
    assert.equal(get.headers['access-control-allow-origin'], ALLOWED_ORIGIN);
    assert.equal(get.headers['access-control-allow-credentials'], 'true');
    assert.match(String(get.headers.vary), /Origin/);
  });

  it('gives an origin outside the list no CORS headers at all', async () => {
    for (const res of [
      await preflight('http://evil.test'),
      await server.app.inject({
        method: 'GET',
        url: '/api/vendors/public',
        headers: { origin: 'http://evil.test' },
      }),
      await server.app.inject({ method: 'GET', url: '/api/vendors/public', headers: { origin: 'null' } }),
    ]) {
      const cors = Object.keys(res.headers).filter((h) => h.startsWith('access-control-'));
      assert.deepEqual(cors, []);
    }
  });

  it('publishes the JWKS to any origin', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/.well-known/jwks.json',
      headers: { origin: 'http://anyone.test' },
    });
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.equal(res.headers['access-control-allow-credentials'], undefined);
  });
});

describe('security headers', () => {
  it('API answers are not cacheable and not sniffable', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/identity/resources/configurations/v1/public',
    });
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    const missing = await server.app.inject({ method: 'GET', url: '/api/nothing-here' });
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(missing.json(), { errors: ['Not found'], errorCodes: ['NOT_FOUND'] });
  });
});

describe('static server', () => {
  it('sends the precompressed brotli file to a browser that accepts it, with the JavaScript type', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/cdn/6.138.0/login-box/index.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.match(String(res.headers['content-type']), /javascript/);
    assert.equal(brotliDecompressSync(res.rawPayload).toString(), 'export const box = 1;');
    const plain = await server.app.inject({
      method: 'GET',
      url: '/cdn/6.138.0/login-box/index.js',
      headers: { 'accept-encoding': 'identity' },
    });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, 'export const box = 1;');
  });

  it('serves versioned CDN files as immutable, with CORS * for module scripts', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/cdn/6.138.0/login-box/index.js',
      headers: { origin: ALLOWED_ORIGIN },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, 'export const box = 1;');
    assert.match(String(res.headers['content-type']), /javascript/);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.equal(res.headers['access-control-allow-credentials'], undefined);
  });

  it('serves /cdn/loader.js with no-cache', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/cdn/loader.js' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(res.headers['access-control-allow-origin'], '*');
  });

  it('answers 404 with errors for a missing CDN file', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/cdn/6.138.0/missing.js' });
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.json(), { errors: ['Not found'], errorCodes: ['NOT_FOUND'] });
  });

  it('substitutes %BASE_URL% with the request origin in demo pages', async () => {
    const index = await server.app.inject({ method: 'GET', url: '/', headers: { host: 'demo.test:9999' } });
    assert.equal(index.statusCode, 200);
    assert.equal(
      index.body,
      '<script src="http://demo.test:9999/cdn/loader.js"></script><a href="http://demo.test:9999/">home</a>',
    );
    assert.match(String(index.headers['content-type']), /^text\/html/);
    assert.equal(index.headers['cache-control'], 'no-cache');

    const login = await server.app.inject({
      method: 'GET',
      url: '/login.html',
      headers: { host: '127.0.0.1:8080' },
    });
    assert.equal(login.body, '<auth-login-box base-url="http://127.0.0.1:8080"></auth-login-box>');
    const nested = await server.app.inject({ method: 'GET', url: '/nested/', headers: { host: 'a.test' } });
    assert.equal(nested.body, 'nested http://a.test');
  });

  it('serves other demo files untouched', async () => {
    const css = await server.app.inject({ method: 'GET', url: '/style.css' });
    assert.equal(css.statusCode, 200);
    assert.equal(css.body, 'body { color: %BASE_URL%; }');
  });

  it('never serves dotfiles or anything outside the folder', async () => {
    for (const url of [
      '/.secret',
      '/../outside.html',
      '/%2e%2e/outside.html',
      '/nested/../../outside.html',
      '/missing.html',
    ]) {
      const res = await server.app.inject({ method: 'GET', url });
      assert.ok(res.statusCode === 404 || res.statusCode === 403, `${url}: ${res.statusCode}`);
      assert.ok(!res.body.includes('secret') && !res.body.includes('outside'), url);
    }
  });

  it('refuses a Host header that could inject markup into a page', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: '"><script>alert(1)</script>' },
    });
    assert.equal(res.statusCode, 400);
    assert.ok(!res.body.includes('<script>'));
  });
});

describe('options', () => {
  it('refuses SameSite=None without Secure, and bad prefixes', () => {
    assert.throws(
      () => resolveOptions({ database: { kind: 'pglite' }, cookieSameSite: 'none' }),
      /requires cookieSecure/,
    );
    assert.doesNotThrow(() =>
      resolveOptions({ database: { kind: 'pglite' }, cookieSameSite: 'none', cookieSecure: true }),
    );
    assert.throws(
      () => resolveOptions({ database: { kind: 'pglite' }, prefix: 'a/../b' }),
      /Invalid URL prefix/,
    );
    assert.equal(resolveOptions({ database: { kind: 'pglite' }, prefix: '/auth/' }).prefix, 'auth');
  });
});
