/**
 * The organisation's primary colour (DESIGN §5 Branding): `#rrggbb`, and white text on it must reach the
 * WCAG 2.1 contrast ratio for normal text (1.4.3, 4.5:1). One rule for the form's live check and the
 * server's refusal (400 `insufficient_contrast`).
 */
export const PRIMARY_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** The product's own dark blue (spec §2), the colour of an organisation that chose none. */
export const DEFAULT_PRIMARY_COLOUR = '#0b2d5b';

/** White text on the primary colour needs at least this ratio (WCAG 2.1 AA, normal text). */
export const MIN_CONTRAST_WITH_WHITE = 4.5;

/** WCAG 2.1 relative luminance of a `#rrggbb` colour (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** The contrast ratio of white text on `hex` (1 … 21), unrounded. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (relativeLuminance(hex) + 0.05);
}

/** Whether white text on `hex` is readable enough (≥ 4.5:1, not rounded up: 4.49 fails). */
export function whiteTextReadableOn(hex: string): boolean {
  return PRIMARY_COLOUR_PATTERN.test(hex) && contrastWithWhite(hex) >= MIN_CONTRAST_WITH_WHITE;
}
