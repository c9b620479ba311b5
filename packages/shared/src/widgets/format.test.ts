import { describe, expect, it } from 'vitest';
import { durationHours, formatResponseTime, lastPoints, percentOf, roundTo2 } from './format.ts';

describe('widget figures', () => {
  it('rounds percentages and says nothing of an empty set', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBeNull();
  });
  it('rounds aggregates to 2 decimals', () => {
    expect(roundTo2(1.005 + 0.001)).toBe(1.01);
    expect(roundTo2(2 / 3)).toBe(0.67);
  });
  it('shows response time in hours, minutes and seconds', () => {
    expect(formatResponseTime(45)).toBe('45s');
    expect(formatResponseTime(270)).toBe('4m 30s');
    expect(formatResponseTime(3725)).toBe('1h 02m 05s');
    expect(formatResponseTime(null)).toBe('—');
  });
  it('reads h:m:s durations as hours', () => {
    expect(durationHours('1:30')).toBe(1.5);
    expect(durationHours('2:15:36')).toBeCloseTo(2.26, 5);
    expect(durationHours(3)).toBe(3);
    expect(durationHours('3.25')).toBe(3.25);
    expect(durationHours('soon')).toBeNull();
    expect(durationHours(null)).toBeNull();
  });
  it('keeps the last 30 points', () => {
    const points = Array.from({ length: 45 }, (_, i) => i);
    expect(lastPoints(points)).toEqual(points.slice(15));
    expect(lastPoints([1, 2])).toEqual([1, 2]);
  });
});
