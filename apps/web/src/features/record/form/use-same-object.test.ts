// @vitest-environment jsdom
import '../../../test/dom.ts';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sameEntries, useSameObject } from './use-same-object.ts';

describe('sameEntries', () => {
  it('compares keys and values one level deep', () => {
    const list = [1];
    expect(sameEntries({ a: 1, b: list }, { a: 1, b: list })).toBe(true);
    expect(sameEntries({ a: 1, b: list }, { a: 1, b: [1] })).toBe(false);
    expect(sameEntries({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameEntries({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameEntries({ a: Number.NaN }, { a: Number.NaN })).toBe(true);
  });
});

describe('useSameObject', () => {
  it('keeps the object while its entries are the same and takes the new one when one changes', () => {
    const list = ['x'];
    const { result, rerender } = renderHook(({ value }) => useSameObject(value), { initialProps: { value: { n: 1, list } } });
    const first = result.current;
    rerender({ value: { n: 1, list } });
    expect(result.current).toBe(first);
    rerender({ value: { n: 2, list } });
    expect(result.current).not.toBe(first);
    expect(result.current).toEqual({ n: 2, list });
  });
});
