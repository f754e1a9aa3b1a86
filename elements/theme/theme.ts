import { DEFAULT_THEME_NAME, type ThemeName, type ThemeOptions } from '../../core/theme/themeOptions';
import { paletteFrom, themeVariables, DEFAULT_PRIMARY, DEFAULT_SUCCESS, type Palette } from './palette';

/**
 * The named bases; "modern" is the default (spec 000 §9). Only what differs from modern is listed.
 * Every text colour here reads at 4.5:1 or more on the surface, the canvas and the muted fill of
 * its own base (checked by axe's colour-contrast rule in test/e2e/layout.spec.ts).
 */
const BASES: Record<ThemeName, (palette: Palette) => Record<string, string>> = {
  modern: () => ({}),
  dark: (palette) => ({
    '--ae-color-text': '#e6edf3',
    '--ae-color-text-muted': '#a8b3bf',
    '--ae-color-surface': '#161b22',
    '--ae-color-border': '#6e7681',
    '--ae-color-danger': '#ff7b72',
    '--ae-color-link': palette.primaryLight,
    '--ae-color-canvas': '#0d1117',
    '--ae-color-surface-muted': '#21262d',
    '--ae-color-divider': '#30363d',
    '--ae-color-danger-surface': '#2d1416',
    '--ae-color-danger-text': '#ffa198',
    '--ae-color-success-text': palette.successLight,
    '--ae-color-success-surface': '#12261a',
    '--ae-color-warning-text': '#e3b341',
    '--ae-color-warning-surface': '#2b2111',
    '--ae-color-backdrop': 'rgba(1, 4, 9, 0.7)',
  }),
};

/**
 * The CSS custom properties for a host's theme options: the named base, the palette derived from
 * the primary and success colours with the spec's ratios (explicit shades win), then overrides.
 * `primaryColorAttribute` (the element's `primary-color`) is the most specific and wins.
 */
export function themeVariablesFor(
  options: ThemeOptions = {},
  primaryColorAttribute?: string,
): Record<string, string> {
  const p = options.palette ?? {};
  const palette = paletteFrom(
    primaryColorAttribute || p.primary || DEFAULT_PRIMARY,
    p.success || DEFAULT_SUCCESS,
  );
  const name: ThemeName = options.name && options.name in BASES ? options.name : DEFAULT_THEME_NAME;
  const vars: Record<string, string> = { ...themeVariables(palette), ...BASES[name](palette) };
  const set = (key: string, value: string | undefined) => {
    if (value) vars[key] = value;
  };
  if (!primaryColorAttribute) {
    set('--ae-color-primary-light', p.primaryLight);
    set('--ae-color-primary-dark', p.primaryDark);
    set('--ae-color-primary-active', p.primaryActive);
  }
  set('--ae-color-danger', p.danger);
  set('--ae-color-text', p.text);
  set('--ae-color-text-muted', p.textMuted);
  set('--ae-color-surface', p.surface);
  set('--ae-color-border', p.border);
  set('--ae-radius', options.radius);
  set('--ae-font-family', options.fontFamily);
  set('--ae-font-size', options.fontSize);
  return vars;
}
