import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveOptions } from '../config/options';
import { createHttpClient } from './http';
import { createInvitationsApi } from './invitations';
import { createLogger } from './logger';

/** The invitations API over a transport that answers `status` and `body` once. */
function apiAnswering(status: number, body: unknown) {
  const http = createHttpClient({
    options: resolveOptions({ baseUrl: 'https://auth.example.com' }),
    requestSource: 'admin-portal',
    getAccessToken: () => 'token',
    transport: async () => new Response(JSON.stringify(body), { status }),
    logger: createLogger('silent'),
    navigate: () => {},
  });
  return createInvitationsApi(http);
}

const LINK = {
  id: 'l1',
  expiresInMinutes: 60,
  expiresAt: '2026-01-01T00:00:00.000Z',
  shouldSendEmail: false,
  expired: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  token: 't',
  link: 'https://app.example.com/account/sign-up?invitationToken=t',
};

test('the invite link: the link as answered; `{}` (no link yet) and an older server’s 404 are null', async () => {
  assert.deepEqual(await apiAnswering(200, LINK).getInviteLink(), LINK);
  assert.equal(await apiAnswering(200, {}).getInviteLink(), null);
  assert.equal(
    await apiAnswering(404, { errors: ['This account has no invite link'] }).getInviteLink(),
    null,
  );
  await assert.rejects(apiAnswering(403, { errors: ['Forbidden'] }).getInviteLink());
});
