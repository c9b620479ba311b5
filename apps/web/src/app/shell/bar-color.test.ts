import { ENVIRONMENT_BAR_COLOR } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import { contrastWithWhite } from '../tenant-accent.ts';
import { barColor } from './bar-color.ts';

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

describe('bar colour', () => {
  it("is the environment's without a department colour, or with one that is not #rrggbb", () => {
    expect(barColor(null, 'development')).toBe(ENVIRONMENT_BAR_COLOR.development);
    expect(barColor(undefined, 'production')).toBe(ENVIRONMENT_BAR_COLOR.production);
    expect(barColor('green', 'staging')).toBe(ENVIRONMENT_BAR_COLOR.staging);
  });

  it("is the department's accent, darkened until white text reads on it at 4.5:1", () => {
    expect(barColor('#123abc', 'development')).toBe('#123abc');
    const light = barColor('#2b8a3e', 'production');
    expect(light).not.toBe('#2b8a3e');
    expect(contrastWithWhite(rgb(light))).toBeGreaterThanOrEqual(4.5);
  });
});
