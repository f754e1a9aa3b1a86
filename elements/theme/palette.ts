/**
 * A palette derived from one primary colour with the ratios of spec 000 §9: light 0.4, dark 0.15,
 * active 0.2; success light 0.7 and dark 0.2. "light" mixes toward white, "dark" and "active" toward black.
 */
export const THEME_RATIOS = {
  light: 0.4,
  dark: 0.15,
  active: 0.2,
  successLight: 0.7,
  successDark: 0.2,
} as const;
export const DEFAULT_PRIMARY = '#3b5bdb';
export const DEFAULT_SUCCESS = '#2b8a3e';

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Mixes `hex` toward white by `ratio` (0..1). */
export function lighten(hex: string, ratio: number): string {
  const rgb = parseHex(hex);
  return rgb ? toHex(rgb.map((c) => c + (255 - c) * ratio) as Rgb) : hex;
}

/** Mixes `hex` toward black by `ratio` (0..1). */
export function darken(hex: string, ratio: number): string {
  const rgb = parseHex(hex);
  return rgb ? toHex(rgb.map((c) => c * (1 - ratio)) as Rgb) : hex;
}

export interface Palette {
  primary: string;
  primaryLight: string;
  primaryDark: string;
  primaryActive: string;
  success: string;
  successLight: string;
  successDark: string;
}

export function paletteFrom(primary: string = DEFAULT_PRIMARY, success: string = DEFAULT_SUCCESS): Palette {
  const base = parseHex(primary) ? primary : DEFAULT_PRIMARY;
  return {
    primary: base,
    primaryLight: lighten(base, THEME_RATIOS.light),
    primaryDark: darken(base, THEME_RATIOS.dark),
    primaryActive: darken(base, THEME_RATIOS.active),
    success,
    successLight: lighten(success, THEME_RATIOS.successLight),
    successDark: darken(success, THEME_RATIOS.successDark),
  };
}

/**
 * The CSS custom properties every element sets on `:host`. A host page overrides any of them with
 * `auth-login-box { --ae-color-primary: #0a7 }`: rules from outside the shadow root win over `:host`.
 */
export function themeVariables(palette: Palette): Record<string, string> {
  return {
    '--ae-color-primary': palette.primary,
    '--ae-color-primary-light': palette.primaryLight,
    '--ae-color-primary-dark': palette.primaryDark,
    '--ae-color-primary-active': palette.primaryActive,
    '--ae-color-success': palette.success,
    '--ae-color-success-light': palette.successLight,
    '--ae-color-success-dark': palette.successDark,
    '--ae-color-danger': '#c92a2a',
    '--ae-color-text': '#1f2328',
    '--ae-color-text-muted': '#59636e',
    '--ae-color-surface': '#ffffff',
    '--ae-color-border': '#8c959f',
    // Text on the primary colour (filled buttons, the current navigation entry).
    '--ae-color-on-primary': '#ffffff',
    // Links, secondary buttons and selected text: the dark shade reads on a light surface.
    '--ae-color-link': palette.primaryDark,
    // Behind the surfaces (the portal's background), quiet fills (hover, table header, read-only
    // fields) and hairlines between rows; none of them carries text by itself.
    '--ae-color-canvas': '#f6f8fa',
    '--ae-color-surface-muted': '#eef1f4',
    '--ae-color-divider': '#d0d7de',
    '--ae-color-danger-surface': '#fff5f5',
    '--ae-color-danger-text': '#a51d1d',
    '--ae-color-success-text': palette.successDark,
    '--ae-color-success-surface': '#ecf8ef',
    '--ae-color-warning-text': '#7d4e00',
    '--ae-color-warning-surface': '#fff8e6',
    '--ae-color-backdrop': 'rgba(15, 20, 25, 0.45)',
    '--ae-radius': '8px',
    '--ae-font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    '--ae-font-size': '15px',
  };
}
