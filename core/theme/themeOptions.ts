/** Theme names; "modern" is the default (spec 000 §9). */
export type ThemeName = 'modern' | 'dark';
export const DEFAULT_THEME_NAME: ThemeName = 'modern';

/** A host's theme: a named base plus overrides. Colours are hex (`#rgb` or `#rrggbb`). */
export interface ThemeOptions {
  name?: ThemeName;
  palette?: {
    /** Light, dark and active shades are derived with the spec's ratios unless given. */
    primary?: string;
    primaryLight?: string;
    primaryDark?: string;
    primaryActive?: string;
    success?: string;
    danger?: string;
    text?: string;
    textMuted?: string;
    surface?: string;
    border?: string;
  };
  radius?: string;
  fontFamily?: string;
  fontSize?: string;
}
