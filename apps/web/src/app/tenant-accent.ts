import { useLayoutEffect } from 'react';

/**
 * One accent colour per tenant (issue 20): the department's colour (My Department, #rrggbb)
 * replaces the product's brand red wherever the app uses its primary colour, and the brand red
 * stays for everyone whose department has none.
 *
 * The ten shades are mixed from the colour the way Mantine's own palettes run (lighter towards
 * 0, darker towards 9). Shade 6 is the one filled buttons, active links and the current place
 * use, with white text on it: a light colour (a yellow, a sky blue) is darkened until white
 * text on it reads at 4.5:1 (WCAG AA), so no department's choice fails the accessibility test.
 */

type Rgb = readonly [number, number, number];

const HEX = /^#?([0-9a-f]{6})$/i;

function parse(hex: string): Rgb | null {
  const match = HEX.exec(hex.trim());
  if (!match) return null;
  const value = Number.parseInt(match[1]!, 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

const mix = (a: Rgb, b: Rgb, amount: number): Rgb =>
  [a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount, a[2] + (b[2] - a[2]) * amount] as const;

/** WCAG relative luminance. */
function luminance(rgb: Rgb): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
}

/** Contrast of white text on a colour. */
export const contrastWithWhite = (rgb: Rgb) => 1.05 / (luminance(rgb) + 0.05);

/**
 * The text colour that reads best on a #rrggbb background (white or black, by WCAG contrast), or
 * undefined for anything else: calendar items coloured by their type (calendar_color) stay legible.
 */
export function textColorOn(hex: string | null | undefined): string | undefined {
  const rgb = hex ? parse(hex) : null;
  if (!rgb) return undefined;
  const withBlack = (luminance(rgb) + 0.05) / 0.05;
  return contrastWithWhite(rgb) >= withBlack ? '#ffffff' : '#000000';
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** How far each shade is mixed from shade 6 towards white (0–5) or black (7–9). */
const TOWARDS_WHITE = [0.92, 0.82, 0.62, 0.42, 0.24, 0.1];
const TOWARDS_BLACK = [0.14, 0.28, 0.42];

/** The ten shades of a tenant's colour, or null when it is not a #rrggbb colour. */
export function accentPalette(hex: string | null | undefined): string[] | null {
  if (!hex) return null;
  let base = parse(hex);
  if (!base) return null;
  // Darken in small steps until white text on shade 6 reads at 4.5:1.
  for (let i = 0; i < 40 && contrastWithWhite(base) < 4.5; i++) base = mix(base, BLACK, 0.05);
  const shade6 = base;
  return [
    ...TOWARDS_WHITE.map((amount) => toHex(mix(shade6, WHITE, amount))),
    toHex(shade6),
    ...TOWARDS_BLACK.map((amount) => toHex(mix(shade6, BLACK, amount))),
  ];
}

const rgba = (hex: string, alpha: number) => {
  const rgb = parse(hex) ?? BLACK;
  return `rgba(${rgb[0]}, ${rgb[1]}, ${rgb[2]}, ${alpha})`;
};

/**
 * The CSS variables Mantine reads for the 'brand' colour and for the primary colour (light
 * scheme), with the values of a tenant's palette.
 */
export function accentVariables(palette: readonly string[]): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const prefix of ['--mantine-color-brand', '--mantine-primary-color']) {
    palette.forEach((shade, i) => {
      variables[`${prefix}-${i}`] = shade;
    });
    const main = palette[6]!;
    variables[`${prefix}-filled`] = main;
    variables[`${prefix}-filled-hover`] = palette[7]!;
    variables[`${prefix}-light`] = rgba(main, 0.1);
    variables[`${prefix}-light-hover`] = rgba(main, 0.12);
    variables[`${prefix}-light-color`] = main;
    variables[`${prefix}-outline`] = main;
    variables[`${prefix}-outline-hover`] = rgba(main, 0.05);
    variables[`${prefix}-text`] = main;
  }
  variables['--mantine-primary-color-contrast'] = '#fff';
  return variables;
}

/**
 * Applies a tenant's accent to the whole document while the signed-in shell is shown (the
 * page's own style wins over Mantine's stylesheet), and takes it off again on the way out.
 */
export function useTenantAccent(color: string | null | undefined): void {
  useLayoutEffect(() => {
    const palette = accentPalette(color);
    if (!palette) return;
    const style = document.documentElement.style;
    const variables = accentVariables(palette);
    for (const [name, value] of Object.entries(variables)) style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(variables)) style.removeProperty(name);
    };
  }, [color]);
}
