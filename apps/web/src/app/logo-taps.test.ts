import { describe, expect, it } from 'vitest';
import { environmentLabel, nextEnvironment } from './environment.ts';
import { registerTap } from './logo-taps.ts';

function tapAt(times: number[]) {
  let taps: number[] = [];
  const completed: number[] = [];
  for (const at of times) {
    const result = registerTap(taps, at);
    taps = result.taps;
    if (result.complete) completed.push(at);
  }
  return completed;
}

describe('logo taps (spec 01 §2.2: five within 5 seconds)', () => {
  it('completes on the fifth tap within 5 seconds', () => {
    expect(tapAt([0, 1000, 2000, 3000, 4000])).toEqual([4000]);
  });

  it('does not complete when the taps spread over 5 seconds or more', () => {
    expect(tapAt([0, 1250, 2500, 3750, 5000])).toEqual([]);
  });

  it('counts only the taps of the last 5 seconds, and starts over after completing', () => {
    expect(tapAt([0, 3000, 5100, 5200, 5300, 5400, 6000, 6100, 6200, 6300, 6400])).toEqual([5400, 6400]);
  });
});

describe('environment cycle', () => {
  it('goes dev → stage → prod → dev', () => {
    expect(nextEnvironment('development')).toBe('staging');
    expect(nextEnvironment('staging')).toBe('production');
    expect(nextEnvironment('production')).toBe('development');
  });

  it("labels non-production environments with 'env:' and production with nothing", () => {
    expect(environmentLabel('development')).toBe('env: dev');
    expect(environmentLabel('staging')).toBe('env: stage');
    expect(environmentLabel('production')).toBeNull();
  });
});
