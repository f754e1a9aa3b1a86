// Preview-default flags (spec 001 §1: "Admin portal feature flags are on by default in preview")
// answered alike by the demo backend and the server: on until the vendor sets them, unknown keys off.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PREVIEW_DEFAULT_FLAGS } from '../../core/featureFlags/previewFlags';
import { BACKENDS, newAccountOwner } from './targets';

const KEYS = Object.values(PREVIEW_DEFAULT_FLAGS);

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: preview-default feature flags`, () => {
    const owner = newAccountOwner(factory, 'preview-flags');

    test('the evaluate call answers them on, anonymous or signed in; an unknown key stays off', async () => {
      const expected = { ...Object.fromEntries(KEYS.map((key) => [key, true])), 'no-such-flag': false };
      const anonymous = await owner.target.call('POST', '/flags/api/v1/evaluate', {
        body: { keys: [...KEYS, 'no-such-flag'] },
      });
      assert.deepEqual(anonymous.body.flags, expected);
      const signedIn = await owner.call('POST', '/flags/api/v1/evaluate', {
        keys: [...KEYS, 'no-such-flag'],
      });
      assert.deepEqual(signedIn.body.flags, expected);
    });

    test("every flag (bodiless evaluate, the client SDK's GET /flags) includes them, on", async () => {
      const all = (await owner.target.call('POST', '/flags/api/v1/evaluate', {})).body.flags;
      const sdk = (await owner.call('GET', '/flags')).body;
      for (const key of KEYS) {
        assert.equal(all[key], true, key);
        assert.equal(sdk[key], 'on', key);
      }
    });
  });
}
