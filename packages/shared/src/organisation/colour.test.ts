import { describe, expect, it } from 'vitest';
import { contrastWithWhite, DEFAULT_PRIMARY_COLOUR, whiteTextReadableOn } from './colour.js';

describe('contrast of white text on the primary colour', () => {
  it('follows WCAG 2.1: black 21:1, white 1:1, the default blue above 7:1', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastWithWhite(DEFAULT_PRIMARY_COLOUR)).toBeGreaterThan(7);
  });

  it('accepts 4.5:1 and refuses just below it, unrounded', () => {
    // #767676 is the lightest grey with ≥ 4.5:1 on white (4.54); #777777 gives 4.48.
    expect(contrastWithWhite('#767676')).toBeGreaterThanOrEqual(4.5);
    expect(whiteTextReadableOn('#767676')).toBe(true);
    expect(contrastWithWhite('#777777')).toBeLessThan(4.5);
    expect(whiteTextReadableOn('#777777')).toBe(false);
    expect(whiteTextReadableOn('#FFCC00')).toBe(false);
    expect(whiteTextReadableOn('#ABCDEF'.toLowerCase())).toBe(false);
  });

  it('is false for anything but #rrggbb', () => {
    for (const bad of ['000000', '#000', '#00000g', 'black', '#0000000'])
      expect(whiteTextReadableOn(bad)).toBe(false);
  });
});
