import type { AuthApp } from '../../core/app';
import type { ThemeOptions } from '../../core/theme/themeOptions';
import { selectRendererCount, themeChanged } from '../../core/theme/themeSlice';
import { waitForThemeSetter } from './themeSetter';

/**
 * Applies a theme to every element of the app. Waits (4000 ms, polled every 50 ms) for an element
 * of the app to be rendered, else rejects with "Failed to load Renderer with themeSetter" (spec 000
 * §8, §9). The theme is kept either way, so elements rendered later use it.
 */
export async function setAppTheme(
  app: Pick<AuthApp, 'store' | 'settings'>,
  theme: ThemeOptions,
): Promise<void> {
  app.settings.themeOptions = theme;
  app.store.dispatch(themeChanged(theme));
  await waitForThemeSetter(() => selectRendererCount(app.store.getState()) > 0);
}
