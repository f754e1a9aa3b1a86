import { test } from 'node:test';
import assert from 'node:assert/strict';
import { themeVariablesFor } from './theme';
import { THEME_SETTER_POLL_MS, THEME_SETTER_TIMEOUT_MS, waitForThemeSetter, type Clock } from './themeSetter';

// Worked examples of the spec's ratios (light 0.4, dark 0.15, active 0.2; success light 0.7, dark 0.2)
// on #336699 (51, 102, 153) and success #008000 (0, 128, 0):
//   light:  51 + 204*0.4 = 132.6 -> 85;  102 + 153*0.4 = 163.2 -> a3;  153 + 102*0.4 = 193.8 -> c2
//   dark:   51*0.85 = 43.35 -> 2b;  102*0.85 = 86.7 -> 57;  153*0.85 = 130.05 -> 82
//   active: 51*0.8 = 40.8 -> 29;  102*0.8 = 81.6 -> 52;  153*0.8 = 122.4 -> 7a
//   success light: 0 + 255*0.7 = 178.5 -> b3 (rounds half up); 128 + 127*0.7 = 216.9 -> d9
//   success dark:  128*0.8 = 102.4 -> 66
test('theme options: the palette is derived from the primary and success colours with the spec ratios', () => {
  const vars = themeVariablesFor({ palette: { primary: '#336699', success: '#008000' } });
  assert.equal(vars['--ae-color-primary'], '#336699');
  assert.equal(vars['--ae-color-primary-light'], '#85a3c2');
  assert.equal(vars['--ae-color-primary-dark'], '#2b5782');
  assert.equal(vars['--ae-color-primary-active'], '#29527a');
  assert.equal(vars['--ae-color-success'], '#008000');
  assert.equal(vars['--ae-color-success-light'], '#b3d9b3');
  assert.equal(vars['--ae-color-success-dark'], '#006600');
});

test('default theme is "modern"; the dark base changes surface and text; explicit values win', () => {
  const modern = themeVariablesFor();
  assert.equal(modern['--ae-color-surface'], '#ffffff');
  assert.equal(modern['--ae-color-primary'], '#3b5bdb');
  const dark = themeVariablesFor({
    name: 'dark',
    radius: '2px',
    fontFamily: 'Georgia, serif',
    palette: { primaryDark: '#000001', surface: '#101010' },
  });
  assert.equal(dark['--ae-color-surface'], '#101010');
  assert.equal(dark['--ae-color-text'], '#e6edf3');
  assert.equal(dark['--ae-radius'], '2px');
  assert.equal(dark['--ae-font-family'], 'Georgia, serif');
  assert.equal(dark['--ae-color-primary-dark'], '#000001');
  assert.equal(themeVariablesFor({ name: 'unknown' as never })['--ae-color-surface'], '#ffffff');
});

test('the element attribute primary-color wins over the theme options', () => {
  const vars = themeVariablesFor({ palette: { primary: '#336699', primaryLight: '#ffffff' } }, '#808080');
  assert.equal(vars['--ae-color-primary'], '#808080');
  assert.equal(vars['--ae-color-primary-light'], '#b3b3b3');
});

function fakeClock(): Clock & { advance: (ms: number) => void; polls: number } {
  let time = 0;
  let queue: Array<{ at: number; fn: () => void }> = [];
  const clock = {
    polls: 0,
    now: () => time,
    setTimer: (fn: () => void, ms: number) => {
      clock.polls += 1;
      queue.push({ at: time + ms, fn });
    },
    advance: (ms: number) => {
      const end = time + ms;
      for (;;) {
        queue.sort((a, b) => a.at - b.at);
        const next = queue[0];
        if (!next || next.at > end) break;
        queue = queue.slice(1);
        time = next.at;
        next.fn();
      }
      time = end;
    },
  };
  return clock;
}

test('the theme setter is polled every 50 ms and found before 4000 ms', async () => {
  const clock = fakeClock();
  let ready = false;
  const waiting = waitForThemeSetter(() => ready, clock);
  clock.advance(1000);
  ready = true;
  clock.advance(THEME_SETTER_POLL_MS);
  await waiting;
  assert.equal(clock.polls, 1000 / THEME_SETTER_POLL_MS + 1);
});

test('no theme setter within 4000 ms: "Failed to load Renderer with themeSetter"', async () => {
  const clock = fakeClock();
  const waiting = waitForThemeSetter(() => false, clock);
  clock.advance(THEME_SETTER_TIMEOUT_MS - THEME_SETTER_POLL_MS);
  let settled = false;
  void waiting.catch(() => {
    settled = true;
  });
  await Promise.resolve();
  assert.equal(settled, false, 'still waiting at 3950 ms');
  clock.advance(THEME_SETTER_POLL_MS);
  await assert.rejects(waiting, { message: 'Failed to load Renderer with themeSetter' });
});
