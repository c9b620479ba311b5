import { describe, expect, it } from 'vitest';
import { nearEnd } from './infinite-scroll.ts';

describe('Sensitive Actions load-more threshold (spec 03 §9: 400)', () => {
  it('loads more within 400 px of the bottom, not before', () => {
    expect(nearEnd({ scrollTop: 0, scrollHeight: 2000, clientHeight: 500 })).toBe(false);
    expect(nearEnd({ scrollTop: 1099, scrollHeight: 2000, clientHeight: 500 })).toBe(false);
    expect(nearEnd({ scrollTop: 1100, scrollHeight: 2000, clientHeight: 500 })).toBe(true);
  });

  it('loads more when the content is shorter than the panel', () => {
    expect(nearEnd({ scrollTop: 0, scrollHeight: 300, clientHeight: 500 })).toBe(true);
  });
});
