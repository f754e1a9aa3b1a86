import { MESSAGES } from '../../core/api/messages';

/** Spec 000 §9: the theme setter is waited for 4000 ms, polled every 50 ms. */
export const THEME_SETTER_TIMEOUT_MS = 4000;
export const THEME_SETTER_POLL_MS = 50;

export interface Clock {
  setTimer: (fn: () => void, ms: number) => unknown;
  now: () => number;
}
const realClock: Clock = { setTimer: (fn, ms) => setTimeout(fn, ms), now: () => Date.now() };

/**
 * Resolves once `isReady()` (an element of the app is rendered and can apply a theme) or rejects
 * with "Failed to load Renderer with themeSetter" after 4000 ms, checking every 50 ms.
 */
export function waitForThemeSetter(isReady: () => boolean, clock: Clock = realClock): Promise<void> {
  const started = clock.now();
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (isReady()) return resolve();
      if (clock.now() - started >= THEME_SETTER_TIMEOUT_MS)
        return reject(new Error(MESSAGES.themeSetterTimeout));
      clock.setTimer(poll, THEME_SETTER_POLL_MS);
    };
    poll();
  });
}
