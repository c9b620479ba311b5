import { describe, expect, it } from 'vitest';
import { forgetBroad, isKnownBroad, markBroad } from './list-breadth.ts';

describe('filters known to be broad', () => {
  it('are known for 5 minutes after they matched the cap, and forgotten when told', () => {
    const now = 1_000_000;
    expect(isKnownBroad('a', now)).toBe(false);
    markBroad('a', now);
    expect(isKnownBroad('a', now + 299_999)).toBe(true);
    expect(isKnownBroad('a', now + 300_000)).toBe(false);
    markBroad('b', now);
    forgetBroad('b');
    expect(isKnownBroad('b', now)).toBe(false);
  });

  it('keep at most 1,000 filters, the oldest going first', () => {
    for (let i = 0; i <= 1000; i++) markBroad(`f${i}`, 0);
    expect(isKnownBroad('f0', 1)).toBe(false);
    expect(isKnownBroad('f1', 1)).toBe(true);
    expect(isKnownBroad('f1000', 1)).toBe(true);
  });
});
