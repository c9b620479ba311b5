import { describe, expect, it } from 'vitest';
import { accentPalette, accentVariables, contrastWithWhite, textColorOn } from './tenant-accent.ts';

const rgbOf = (hex: string) => {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff] as const;
};

describe('tenant accent', () => {
  it('has no palette without a #rrggbb colour (the product brand stays)', () => {
    expect(accentPalette(null)).toBeNull();
    expect(accentPalette('')).toBeNull();
    expect(accentPalette('red')).toBeNull();
  });

  it('keeps a dark colour as shade 6 and runs lighter to 0 and darker to 9', () => {
    const palette = accentPalette('#123abc');
    expect(palette).toHaveLength(10);
    expect(palette?.[6]).toBe('#123abc');
    const lum = (hex: string) => rgbOf(hex).reduce((a, b) => a + b, 0);
    for (let i = 1; i < 10; i++) expect(lum(palette![i]!)).toBeLessThan(lum(palette![i - 1]!));
  });

  it('darkens a light colour until white text on it reads at 4.5:1', () => {
    const palette = accentPalette('#ffe066');
    expect(palette?.[6]).not.toBe('#ffe066');
    expect(contrastWithWhite(rgbOf(palette![6]!))).toBeGreaterThanOrEqual(4.5);
  });

  it('sets the brand and the primary colour variables Mantine reads', () => {
    const variables = accentVariables(accentPalette('#123abc')!);
    expect(variables['--mantine-color-brand-6']).toBe('#123abc');
    expect(variables['--mantine-primary-color-filled']).toBe('#123abc');
    expect(variables['--mantine-primary-color-light']).toBe('rgba(18, 58, 188, 0.1)');
  });

  it('picks the text colour that reads on a calendar colour', () => {
    // White on the shift orange reads at 4.3:1 (below AA), black at 4.9:1.
    expect(textColorOn('#d9480f')).toBe('#000000');
    expect(textColorOn('#1864ab')).toBe('#ffffff');
    expect(textColorOn('#ffe066')).toBe('#000000');
    expect(textColorOn(null)).toBeUndefined();
    expect(textColorOn('orange')).toBeUndefined();
  });
});
