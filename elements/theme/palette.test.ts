import { test } from 'node:test';
import assert from 'node:assert/strict';
import { darken, lighten, paletteFrom, THEME_RATIOS } from './palette';

test('the spec ratios', () => {
  assert.deepEqual(
    { ...THEME_RATIOS },
    { light: 0.4, dark: 0.15, active: 0.2, successLight: 0.7, successDark: 0.2 },
  );
});

// Worked examples: #808080 light 0.4 -> 128 + 127 * 0.4 = 178.8 -> b3; dark 0.15 -> 108.8 -> 6d; active 0.2 -> 102.4 -> 66.
test('worked examples', () => {
  assert.equal(lighten('#808080', 0.4), '#b3b3b3');
  assert.equal(darken('#808080', 0.15), '#6d6d6d');
  assert.equal(darken('#808080', 0.2), '#666666');
  assert.equal(lighten('#000', 0.7), '#b3b3b3');
  const palette = paletteFrom('#808080', '#000000');
  assert.equal(palette.primaryLight, '#b3b3b3');
  assert.equal(palette.primaryDark, '#6d6d6d');
  assert.equal(palette.primaryActive, '#666666');
  assert.equal(palette.successLight, '#b3b3b3');
  assert.equal(palette.successDark, '#000000');
});

test('an invalid colour falls back to the default primary', () => {
  assert.equal(paletteFrom('not-a-colour').primary, '#3b5bdb');
});
