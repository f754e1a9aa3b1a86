// The sessions' statements (server/storage/sessions.ts) over PGlite: what domain/sessions.ts relies on
// for refresh-token rotation, reuse detection and sign-out.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { ADMIN, startTestServer } from '../../test/support/server';
import {
  insertSession,
  liveSession,
  revokeForTokenReuse,
  revokeSessionByTokenHash,
  rotatedTokenSession,
  rotateSessionToken,
} from './sessions';
import { findUserByEmail } from './users';

let server: BuiltServer;
let userId: string;
before(async () => {
  server = await startTestServer();
  userId = (await findUserByEmail(server.db, ADMIN.email))!.id;
});
after(() => server.close());

const hash = () => randomBytes(32).toString('hex');
const open = (refreshTokenHash: string) =>
  insertSession(server.db, {
    userId,
    tenantId: null,
    refreshTokenHash,
    userAgent: 'test',
    ip: null,
    ttlSeconds: 3600,
    impersonatorUserId: null,
    signIn: false,
  });

describe('sessions storage', () => {
  it('rotates a hash once: the second rotation with the same hash finds no live session', async () => {
    const [first, second, third] = [hash(), hash(), hash()];
    const session = await open(first);
    const rotated = await rotateSessionToken(server.db, first, second, 3600);
    assert.equal(rotated?.id, session.id);
    assert.equal(rotated.user_id, userId);
    assert.ok(rotated.age >= 0 && rotated.idle >= 0);
    assert.equal(await rotateSessionToken(server.db, first, third, 3600), null);
    assert.equal((await rotateSessionToken(server.db, second, third, 3600))?.id, session.id);
  });

  it("a rotated hash is in grace only while it is its session's latest; reuse revokes the session", async () => {
    const [first, second, third] = [hash(), hash(), hash()];
    const session = await open(first);
    await rotateSessionToken(server.db, first, second, 3600);
    assert.deepEqual(await rotatedTokenSession(server.db, first, 10), {
      session_id: session.id,
      in_grace: true,
    });
    await rotateSessionToken(server.db, second, third, 3600);
    assert.deepEqual(await rotatedTokenSession(server.db, first, 10), {
      session_id: session.id,
      in_grace: false,
    });
    assert.equal(await rotatedTokenSession(server.db, hash(), 10), null);
    assert.equal((await liveSession(server.db, session.id))?.id, session.id);
    await revokeForTokenReuse(server.db, session.id);
    assert.equal(await liveSession(server.db, session.id), null);
    assert.equal(await rotateSessionToken(server.db, third, hash(), 3600), null);
  });

  it('signs out by the current or a rotated hash, keeping the first reason', async () => {
    const [first, second] = [hash(), hash()];
    const session = await open(first);
    await rotateSessionToken(server.db, first, second, 3600);
    assert.equal(await revokeSessionByTokenHash(server.db, first, 'logout'), session.id);
    assert.equal(await revokeSessionByTokenHash(server.db, second, 'other'), session.id);
    const { rows } = await server.db.query<{ revoked_reason: string }>(
      'SELECT revoked_reason FROM sessions WHERE id = $1',
      [session.id],
    );
    assert.equal(rows[0]?.revoked_reason, 'logout');
    assert.equal(await revokeSessionByTokenHash(server.db, hash(), 'logout'), null);
  });
});
