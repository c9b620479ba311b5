import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../constants.ts';
import { makePageMeta, pageQuery } from './common.ts';

describe('paging', () => {
  it('describes a middle page', () => {
    expect(makePageMeta(2, 48, 100, 48)).toEqual({ current_page: 2, last_page: 3, per_page: 48, total: 100, from: 49, to: 96 });
  });

  it('describes an empty list as one empty page', () => {
    expect(makePageMeta(1, 48, 0, 0)).toEqual({ current_page: 1, last_page: 1, per_page: 48, total: 0, from: null, to: null });
  });

  it('defaults to page 1 of 48 and caps per_page', () => {
    expect(pageQuery.parse({})).toEqual({ page: 1, per_page: PAGE_SIZE.default });
    expect(pageQuery.safeParse({ per_page: String(PAGE_SIZE.max + 1) }).success).toBe(false);
    expect(pageQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(pageQuery.parse({ page: '3', per_page: '10' })).toEqual({ page: 3, per_page: 10 });
  });
});
