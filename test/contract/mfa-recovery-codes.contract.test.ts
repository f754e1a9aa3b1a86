// MFA recovery codes (issue 24): a set of 10 single-use codes shown once at the first second factor,
// the client SDK's `recoveryCode` still answered (the first of them), and a new set on request that
// ends the old one. The same requests against the demo backend and the reference server.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generate } from 'otplib';
import { BACKENDS, newAccountOwner } from './targets';

const MFA = '/identity/resources/users/v1/mfa';
const CODE_SHAPE = /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/;

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: MFA recovery codes`, () => {
    const { call } = newAccountOwner(factory, 'recovery-codes');

    test('enrolment answers 10 codes and recoveryCode (the first); a new set needs a proof and ends the old one', async () => {
      const none = await call('POST', `${MFA}/recovery-codes`, { token: 'AAAA-BBBB-CCCC-DDDD' });
      assert.equal(none.status, 400, 'no second factor yet');
      const started = await call('POST', `${MFA}/enroll`, {});
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const enrolled = await call('POST', `${MFA}/enroll/verify`, {
        token: await generate({ secret: started.body.secret }),
      });
      assert.equal(enrolled.status, 200, JSON.stringify(enrolled.body));
      const codes = enrolled.body.recoveryCodes as string[];
      assert.equal(codes.length, 10);
      assert.equal(new Set(codes).size, 10);
      assert.ok(codes.every((code) => CODE_SHAPE.test(code)));
      assert.equal(enrolled.body.recoveryCode, codes[0]);

      const wrong = await call('POST', `${MFA}/recovery-codes`, { token: 'AAAA-BBBB-CCCC-DDDD' });
      assert.equal(wrong.status, 400);
      const fresh = await call('POST', `${MFA}/recovery-codes`, { token: codes[2]!.toLowerCase() });
      assert.equal(fresh.status, 200, JSON.stringify(fresh.body));
      const next = fresh.body.recoveryCodes as string[];
      assert.equal(next.length, 10);
      assert.equal(fresh.body.recoveryCode, next[0]);
      assert.ok(!next.some((code) => codes.includes(code)));
      const old = await call('POST', `${MFA}/recovery-codes`, { token: codes[3] });
      assert.equal(old.status, 400, 'the old set no longer works');
      assert.equal((await call('POST', `${MFA}/recovery-codes`, { token: next[1] })).status, 200);
    });
  });
}
