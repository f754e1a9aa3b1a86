import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../../../../core/api/errors';
import { addOneByOne, BULK_MAX, inviteRequestOf, parseBulkEmails, validateInvite } from './inviteForm';

describe('invite dialog rules', () => {
  it('validates name, email and the optional phone before sending', () => {
    const table: Array<[{ name: string; email: string; phoneNumber: string }, Record<string, string>]> = [
      [{ name: 'Ivy', email: 'ivy@example.com', phoneNumber: '' }, {}],
      [{ name: 'Ivy', email: 'ivy@example.com', phoneNumber: '+44 (20) 7946-0000' }, {}],
      [{ name: '', email: 'ivy@example.com', phoneNumber: '' }, { name: 'Enter the full name' }],
      [{ name: '   ', email: 'ivy@example.com', phoneNumber: '' }, { name: 'Enter the full name' }],
      [
        { name: 'n'.repeat(101), email: 'ivy@example.com', phoneNumber: '' },
        { name: 'At most 100 characters' },
      ],
      [{ name: 'Ivy', email: '', phoneNumber: '' }, { email: 'Enter your email address.' }],
      [
        { name: 'Ivy', email: 'ivy@', phoneNumber: '' },
        { email: 'Enter a valid email address, like name@example.com.' },
      ],
      [
        { name: 'Ivy', email: `${'a'.repeat(250)}@example.com`, phoneNumber: '' },
        { email: 'Enter a valid email address, like name@example.com.' },
      ],
      [
        { name: 'Ivy', email: 'ivy@example.com', phoneNumber: 'call me' },
        { phoneNumber: 'Enter a phone number: digits, spaces, +, ( ) and -' },
      ],
      [
        { name: 'Ivy', email: 'ivy@example.com', phoneNumber: '1'.repeat(33) },
        { phoneNumber: 'At most 32 characters' },
      ],
    ];
    for (const [fields, errors] of table)
      assert.deepEqual(validateInvite(fields), errors, JSON.stringify(fields));
  });

  it('sends trimmed fields, the phone only when given, provider local', () => {
    assert.deepEqual(
      inviteRequestOf({ name: ' Ivy ', email: ' ivy@example.com ', phoneNumber: ' ', roleIds: ['r1'] }),
      { email: 'ivy@example.com', name: 'Ivy', roleIds: ['r1'], provider: 'local' },
    );
    assert.deepEqual(
      inviteRequestOf({ name: 'Ivy', email: 'ivy@example.com', phoneNumber: '+1 555', roleIds: [] }),
      { email: 'ivy@example.com', name: 'Ivy', phoneNumber: '+1 555', roleIds: [], provider: 'local' },
    );
  });
});

describe('bulk add (spec 001 §4)', () => {
  it('parses the box: separators, repeats in any case, bad entries, the limit', () => {
    const table: Array<[string, { emails: string[]; invalid: string[]; tooMany: boolean }]> = [
      [
        'a@example.com\nb@example.com',
        { emails: ['a@example.com', 'b@example.com'], invalid: [], tooMany: false },
      ],
      [
        'a@example.com, A@Example.com; b@example.com  c@example.com',
        { emails: ['a@example.com', 'b@example.com', 'c@example.com'], invalid: [], tooMany: false },
      ],
      ['a@example.com, nope, x@', { emails: ['a@example.com'], invalid: ['nope', 'x@'], tooMany: false }],
      ['', { emails: [], invalid: [], tooMany: false }],
    ];
    for (const [text, expected] of table) assert.deepEqual(parseBulkEmails(text), expected, text);
    const many = Array.from({ length: BULK_MAX + 1 }, (_, i) => `u${i}@example.com`).join('\n');
    const parsed = parseBulkEmails(many);
    assert.equal(parsed.emails.length, BULK_MAX);
    assert.equal(parsed.tooMany, true);
  });

  it("adds one by one, in order, listing allowed and unallowed with the server's reason", async () => {
    const calls: string[] = [];
    const progress: number[] = [];
    const result = await addOneByOne(
      ['a@example.com', 'taken@example.com', 'c@example.com', 'down@example.com'],
      async (email) => {
        calls.push(email);
        if (email === 'taken@example.com')
          throw new ApiError('A user with this email is already a member of this account', 409);
        if (email === 'down@example.com') throw new TypeError('Failed to fetch');
      },
      (done) => progress.push(done),
    );
    assert.deepEqual(calls, ['a@example.com', 'taken@example.com', 'c@example.com', 'down@example.com']);
    assert.deepEqual(progress, [1, 2, 3, 4]);
    assert.deepEqual(result, {
      allowed: ['a@example.com', 'c@example.com'],
      unallowed: [
        { email: 'taken@example.com', reason: 'A user with this email is already a member of this account' },
        { email: 'down@example.com', reason: "We're facing some difficulties, Please try again" },
      ],
    });
  });

  it('calls one at a time (never two in flight)', async () => {
    let inFlight = 0;
    let most = 0;
    await addOneByOne(['a@x.io', 'b@x.io', 'c@x.io'], async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
    });
    assert.equal(most, 1);
  });
});
