import { DEFAULT_THEME_NAME, type ThemeName, type ThemeOptions } from '../../core/theme/themeOptions';
import { paletteFrom, themeVariables, DEFAULT_PRIMARY, DEFAULT_SUCCESS } from './palette';

/** The named bases; "modern" is the default (spec 000 §9). Only what differs from modern is listed. */
const BASES: Record<ThemeName, Record<string, string>> = {
  modern: {},
  dark: {
    '--ae-color-text': '#e6edf3',
    '--ae-color-text-muted': '#9da7b3',
    '--ae-color-surface': '#161b22',
    '--ae-color-border': '#6e7681',
    '--ae-color-danger': '#ff7b72',
  },
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
  const vars: Record<string, string> = { ...themeVariables(palette), ...BASES[name] };
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
