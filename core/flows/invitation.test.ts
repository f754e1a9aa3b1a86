import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../api/errors';
import {
  decideAcceptFailure,
  decideInvitationStart,
  invitationCheckFailure,
  readInvitationLink,
  readInvitationToken,
} from './invitation';

describe('accept invitation decisions (spec 000 §4)', () => {
  it('reads the link and decides validate or invalid', () => {
    const table: Array<[string, 'validate' | 'invalid']> = [
      ['?userId=u1&token=t1', 'validate'],
      ['?token=t1', 'invalid'],
      ['?userId=u1', 'invalid'],
      ['?userId=%20&token=t1', 'invalid'],
      ['', 'invalid'],
      ['?invitationToken=abc', 'invalid'],
    ];
    for (const [search, step] of table)
      assert.equal(decideInvitationStart(readInvitationLink(search)), step, search);
    assert.deepEqual(readInvitationLink('?userId=u1&token=t1&x=1'), { userId: 'u1', token: 't1' });
  });

  it('decides what a refused accept shows', () => {
    const table: Array<[unknown, boolean, 'validate' | 'failed']> = [
      [new ApiError('Password must be at least 8 characters', 400), true, 'validate'],
      [new ApiError('This invitation is invalid or has expired.', 410), true, 'failed'],
      [new ApiError('Password is required', 400), false, 'failed'],
      [new ApiError('Internal server error', 500), true, 'failed'],
      [new TypeError('Failed to fetch'), true, 'failed'],
    ];
    for (const [error, typed, step] of table)
      assert.equal(decideAcceptFailure(error, typed), step, `${String(error)} ${typed}`);
  });

  it('a failed check says "We couldn\'t verify your invitation", with the server\'s reason for a 4xx only', () => {
    assert.deepEqual(
      invitationCheckFailure(new ApiError('This invitation is invalid or has expired.', 400)),
      { title: "We couldn't verify your invitation", detail: 'This invitation is invalid or has expired.' },
    );
    assert.deepEqual(invitationCheckFailure(new ApiError('Internal server error', 500)), {
      title: "We couldn't verify your invitation",
      detail: null,
    });
    assert.deepEqual(invitationCheckFailure(new Error('boom')), {
      title: "We couldn't verify your invitation",
      detail: null,
    });
  });

  it('reads the invitationToken of a sign-up address', () => {
    assert.equal(readInvitationToken('?invitationToken=abc'), 'abc');
    assert.equal(readInvitationToken('?invitationToken='), null);
    assert.equal(readInvitationToken('?redirectUrl=%2F'), null);
  });
});
