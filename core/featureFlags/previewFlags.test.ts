import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PREVIEW_DEFAULT_FLAGS, withPreviewDefaults } from './previewFlags';

test('a preview-default flag is on until set; a set value wins; other unknown keys are off', () => {
  const { passkeys, groups } = PREVIEW_DEFAULT_FLAGS;
  assert.deepEqual(withPreviewDefaults({}, [passkeys, 'other']), { [passkeys]: true, other: false });
  assert.deepEqual(withPreviewDefaults({ [passkeys]: false, other: true }, [passkeys, 'other']), {
    [passkeys]: false,
    other: true,
  });
  const all = withPreviewDefaults({ mine: true, [groups]: false });
  assert.equal(all.mine, true);
  assert.equal(all[groups], false);
  assert.equal(all[passkeys], true);
});
