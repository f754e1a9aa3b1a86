// pruneSessions (issue 27): rotated refresh-token hashes are kept as long as reuse detection needs
// them (the refresh token's lifetime), and dead sessions 30 days; nothing else goes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { login, refresh, refreshCookieOf, startTestServer } from '../../test/support/server';
import { hashRefreshToken, pruneSessions } from './sessions';

const TTL = 30 * 24 * 3600;
let server: BuiltServer;
before(async () => {
  server = await startTestServer({ refreshTokenTtlSeconds: TTL });
});
after(() => server.close());

const rotatedAge = async (token: string, seconds: number) =>
  server.db.query(
    `UPDATE rotated_refresh_tokens SET rotated_at = now() - make_interval(secs => $2) WHERE token_hash = $1`,
    [hashRefreshToken(token), seconds],
  );
const rotatedExists = async (token: string) =>
  (
    await server.db.query('SELECT 1 FROM rotated_refresh_tokens WHERE token_hash = $1', [
      hashRefreshToken(token),
    ])
  ).rows.length === 1;

describe('pruneSessions', () => {
  it('drops rotated hashes older than the refresh lifetime; a younger one still revokes its session on reuse', async () => {
    const { cookie: first } = await login(server.app);
    const second = refreshCookieOf(await refresh(server.app, first))!;
    const third = refreshCookieOf(await refresh(server.app, second))!;
    await rotatedAge(first, TTL + 60);
    await rotatedAge(second, TTL - 3600);
    const pruned = await pruneSessions(server.db, TTL);
    assert.ok(pruned.rotatedTokens >= 1);
    assert.equal(await rotatedExists(first), false, 'past the lifetime: gone');
    assert.equal(await rotatedExists(second), true, 'within the lifetime: kept');
    // The kept hash still does its work: presenting it is reuse, which revokes the session.
    assert.equal((await refresh(server.app, second)).statusCode, 401);
    assert.equal((await refresh(server.app, third)).statusCode, 401, 'reuse revoked the session');
  });

  it('drops sessions dead for more than 30 days (their hashes with them), keeps live and recently ended ones', async () => {
    const live = await login(server.app);
    const ended = await login(server.app);
    const old = await login(server.app);
    const rotatedOld = refreshCookieOf(await refresh(server.app, old.cookie))!;
    const idOf = async (token: string) =>
      (
        await server.db.query<{ id: string }>('SELECT id FROM sessions WHERE refresh_token_hash = $1', [
          hashRefreshToken(token),
        ])
      ).rows[0]!.id;
    const [liveId, endedId, oldId] = [
      await idOf(live.cookie),
      await idOf(ended.cookie),
      await idOf(rotatedOld),
    ];
    await server.db.query(`UPDATE sessions SET revoked_at = now() - interval '1 day' WHERE id = $1`, [
      endedId,
    ]);
    await server.db.query(`UPDATE sessions SET revoked_at = now() - interval '31 days' WHERE id = $1`, [
      oldId,
    ]);
    await pruneSessions(server.db, TTL);
    const left = await server.db.query<{ id: string }>('SELECT id FROM sessions WHERE id = ANY($1::uuid[])', [
      [liveId, endedId, oldId],
    ]);
    assert.deepEqual(left.rows.map((r) => r.id).sort(), [liveId, endedId].sort());
    assert.equal(await rotatedExists(old.cookie), false, 'the dead session took its rotated hashes');
    assert.equal((await refresh(server.app, live.cookie)).statusCode, 200);
  });
});
