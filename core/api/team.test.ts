import { test } from 'node:test';
import assert from 'node:assert/strict';
import { roleIdsPayload } from './team';

const rows: Array<[string[], string[], string[]]> = [
  [['a'], [], ['']], // had roles, now none: one empty string clears them
  [[], [], []], // had none, still none
  [['a'], ['b', 'c'], ['b', 'c']],
  [[], ['a'], ['a']],
];
for (const [previous, next, expected] of rows) {
  test(`roles ${JSON.stringify(previous)} -> ${JSON.stringify(next)} sends ${JSON.stringify(expected)}`, () => {
    assert.deepEqual(roleIdsPayload(previous, next), expected);
  });
}

// The kit's team calls use the paths and bodies of the client SDK (@frontegg/rest-api 3.1.18).
import { createRequire } from 'node:module';
import type { urls as ClientUrls } from '@frontegg/rest-api/constants';
import { resolveOptions } from '../config/options';
import { createHttpClient } from './http';
import { createLogger } from './logger';
import { createTeamApi } from './team';

const { urls } = createRequire(`${process.cwd()}/`)('@frontegg/rest-api/node/constants') as {
  urls: typeof ClientUrls;
};

function recordingTeamApi(seen: Array<{ method: string; url: string; body: unknown }>) {
  const http = createHttpClient({
    options: resolveOptions({ baseUrl: 'https://auth.example.com' }),
    requestSource: 'admin-portal',
    getAccessToken: () => 'token',
    transport: async (url, init) => {
      seen.push({
        method: init.method ?? 'GET',
        url: url.replace('https://auth.example.com/frontegg', ''),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return new Response('{}', { status: 200 });
    },
    logger: createLogger('silent'),
    navigate: () => {},
  });
  return createTeamApi(http);
}

test("team calls follow the client SDK's paths", async () => {
  const seen: Array<{ method: string; url: string; body: unknown }> = [];
  const team = recordingTeamApi(seen);
  await team.listRoles();
  await team.setUserRoles('u 1', ['a'], []);
  await team.removeUser('u 1');
  await team.revokeSessions('u1');
  assert.deepEqual(seen, [
    { method: 'GET', url: urls.team.roles.v1, body: undefined },
    { method: 'PUT', url: urls.team.members.v1, body: { id: 'u 1', roleIds: [''] } },
    { method: 'DELETE', url: `${urls.team.members.v1}/u%201`, body: undefined },
    { method: 'POST', url: `${urls.identity.users.sessions.v1}/revoke`, body: { userId: 'u1' } },
  ]);
});
