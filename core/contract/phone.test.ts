import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { maskPhone, normalizePhone } from './phone';

describe('phone numbers (one normalisation, one masking)', () => {
  it('normalises what a person types to + and digits', () => {
    assert.equal(normalizePhone(' +44 (20) 7946-0958 '), '+442079460958');
    assert.equal(normalizePhone('020 7946 0958'), '02079460958');
  });
  for (const bad of ['', 'abc', '+44 20 x', '123456', '1234567890123456', '++441234567'])
    it(`refuses ${JSON.stringify(bad)}`, () => assert.equal(normalizePhone(bad), null));

  it('hides every digit but the last two, keeping the layout', () =>
    assert.equal(maskPhone('+44 20 7946 0958'), '+•• •• •••• ••58'));
  it('shows four digits where asked (the MFA device list)', () =>
    assert.equal(maskPhone('+15555550199', 4), '+•••••••0199'));
  it('never shows more digits than the number has', () => assert.equal(maskPhone('12', 4), '12'));
});
