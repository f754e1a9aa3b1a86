// Database round trips per request on the hot paths (issue 27; docs/capacity.md "Where the time
// goes"): counted through the server's own Database object, BEGIN and COMMIT included.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import {
  ADMIN,
  LOGIN,
  ME,
  REFRESH,
  bearer,
  refreshCookieOf,
  startTestServer,
} from '../../test/support/server';

let server: BuiltServer;
const sent: string[] = [];
before(async () => {
  server = await startTestServer();
  const db = server.db;
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  db.query = (sql, params) => {
    sent.push(sql);
    return query(sql, params);
  };
  db.transaction = (fn) =>
    transaction((tx) => {
      sent.push('BEGIN', 'COMMIT');
      const txQuery = tx.query.bind(tx);
      tx.query = (sql, params) => {
        sent.push(sql);
        return txQuery(sql, params);
      };
      return fn(tx);
    });
});
after(() => server.close());

/**
 * The delivery worker's lease claim: the worker sends it on its own schedule (and when an event
 * nudges it), beside the request, never on its path; a claim that fell inside the window was counted
 * as the request's (a busy CI machine did).
 */
const WORKER_CLAIM = /^\s*UPDATE connectivity_deliveries SET lease_until/;

/** The statements `run` sent to the database (after one warm-up call, which may fill caches). */
async function counted(run: () => Promise<{ statusCode: number }>): Promise<string[]> {
  await run();
  sent.length = 0;
  const res = await run();
  assert.equal(res.statusCode, 200);
  return sent.splice(0).filter((sql) => !WORKER_CLAIM.test(sql));
}

describe('round trips per request', () => {
  it('a refresh: 1 (the rotation with the session policy and the user with everything the token carries, one statement)', async () => {
    const signIn = await server.app.inject({ method: 'POST', url: LOGIN, payload: ADMIN });
    let cookie = refreshCookieOf(signIn)!;
    const statements = await counted(async () => {
      const res = await server.app.inject({
        method: 'POST',
        url: REFRESH,
        headers: { cookie: `ae_refresh=${cookie}` },
      });
      cookie = refreshCookieOf(res) ?? cookie;
      return res;
    });
    assert.ok(statements.length <= 1, statements.join('\n---\n'));
  });

  it('GET users/v2/me: 1 (the session guard reads the profile in its statement)', async () => {
    const signIn = await server.app.inject({ method: 'POST', url: LOGIN, payload: ADMIN });
    const token = signIn.json().accessToken as string;
    const statements = await counted(() =>
      server.app.inject({ method: 'GET', url: ME, headers: bearer(token) }),
    );
    assert.ok(statements.length <= 1, statements.join('\n---\n'));
  });

  it("a password sign-in: at most 12 (the user once with the attempts reset; the MFA gate's devices and policies in one statement; the session with the last login and the session policy)", async () => {
    const statements = await counted(() => server.app.inject({ method: 'POST', url: LOGIN, payload: ADMIN }));
    if (process.env.SHOW_QUERIES)
      console.log(statements.map((s) => s.replace(/\s+/g, ' ').slice(0, 160)).join('\n'));
    assert.ok(statements.length <= 12, `${statements.length}:\n${statements.join('\n---\n')}`);
  });
});
