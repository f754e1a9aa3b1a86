import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveOptions } from '../config/options';
import { createHttpClient } from './http';
import { createLogger } from './logger';
import { createMetadataApi } from './metadata';

function apiAnswering(body: unknown, seen: string[] = [], sources: string[] = []) {
  const http = createHttpClient({
    options: resolveOptions({ baseUrl: 'https://auth.example.com' }),
    requestSource: 'login-box',
    getAccessToken: () => 'token',
    transport: async (url, init) => {
      seen.push(url);
      sources.push((init.headers as Record<string, string>)['frontegg-source']!);
      return new Response(JSON.stringify(body), { status: 200 });
    },
    logger: createLogger('silent'),
    navigate: () => {},
  });
  return createMetadataApi(http.withRequestSource('admin-portal'));
}

test('reads rows[0].configuration of GET /metadata/admin-box', async () => {
  const seen: string[] = [];
  const sources: string[] = [];
  const configuration = { navigation: { roles: { visibility: 'always' } } };
  assert.deepEqual(
    await apiAnswering(
      { rows: [{ configuration }, { configuration: {} }] },
      seen,
      sources,
    ).getAdminBoxMetadata(),
    configuration,
  );
  assert.deepEqual(sources, ['admin-portal'], 'portal calls say so in the request-source header');
  assert.deepEqual(seen, ['https://auth.example.com/frontegg/metadata/admin-box']);
});

test('no rows: nothing saved yet, no error; no rows field: "metadata not found"', async () => {
  assert.deepEqual(await apiAnswering({ rows: [] }).getAdminBoxMetadata(), {});
  await assert.rejects(apiAnswering({}).getAdminBoxMetadata(), { message: 'metadata not found' });
});
