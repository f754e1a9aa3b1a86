// One-time MFA codes cost an SMS or an email each: a signed-in user (or a stolen session) cannot
// have the server text any number, or one number, without limit.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { BuiltServer } from '../app';
import { MAX_SENDS_PER_EMAIL } from '../domain/attempts';
import { API, bearer, login, SIGN_UP, startTestServer } from '../../test/support/server';

const ACCOUNT_MFA = `${API}/users/v1/mfa`;

let server: BuiltServer;
before(async () => {
  server = await startTestServer({ devOutbox: true });
});
after(async () => {
  await server.close();
});

let n = 0;
async function signedIn() {
  n += 1;
  const email = `mfa-send-${n}-${Date.now()}@example.com`;
  const password = 'a-long-password-1';
  const res = await server.app.inject({
    method: 'POST',
    url: SIGN_UP,
    payload: { email, password, name: 'S' },
  });
  assert.equal(res.statusCode, 200, res.body);
  return (await login(server.app, email, password)).accessToken;
}

const enrolSms = (accessToken: string, phoneNumber: string) =>
  server.app.inject({
    method: 'POST',
    url: `${ACCOUNT_MFA}/sms/enroll`,
    headers: bearer(accessToken),
    payload: { phoneNumber },
  });

const smsCount = async () =>
  (
    await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox_messages WHERE channel = 'sms'`,
    )
  ).rows[0]!.n;

test('SMS enrolment codes: a user gets at most the per-window limit, then 429 with Retry-After and nothing sent', async () => {
  const token = await signedIn();
  const before = await smsCount();
  for (let i = 0; i < MAX_SENDS_PER_EMAIL; i++) {
    const res = await enrolSms(token, `+1415555${String(1000 + i)}`);
    assert.equal(res.statusCode, 200, res.body);
  }
  const refused = await enrolSms(token, '+14155559999');
  assert.equal(refused.statusCode, 429, refused.body);
  assert.match(refused.json().errors[0], /^Too many codes requested\. Try again in \d+ minutes?\.$/);
  assert.ok(Number(refused.headers['retry-after']) > 0);
  assert.equal((await smsCount()) - before, MAX_SENDS_PER_EMAIL);
});

test('one phone number: many accounts together cannot text it more than the limit', async () => {
  const phone = '+14155550777';
  const statuses: number[] = [];
  for (let i = 0; i < MAX_SENDS_PER_EMAIL + 1; i++)
    statuses.push((await enrolSms(await signedIn(), phone)).statusCode);
  assert.deepEqual(statuses, [...Array(MAX_SENDS_PER_EMAIL).fill(200), 429]);
});
