import { z } from 'zod';
import { PAGE_SIZE } from '../constants.ts';
import { isTimeZone, TIME_ZONE_INVALID } from '../time-zones.ts';

/** Every error the API sends: a message, and per-field messages on 422. */
export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1, 'The page must be at least 1.').default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1, 'The per page must be at least 1.')
    .max(PAGE_SIZE.max, `The per page may not be greater than ${PAGE_SIZE.max}.`)
    .default(PAGE_SIZE.default),
});

/** Paging meta of spec 01 §3: current_page, last_page, total, to. */
export const pageMeta = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  /** True when total stopped counting at a cap: there are at least `total` (list pages, `count=exact` counts all). */
  total_capped: z.boolean().optional(),
});
export type PageMeta = z.infer<typeof pageMeta>;

export function paged<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMeta });
}

export function makePageMeta(page: number, perPage: number, total: number, count: number): PageMeta {
  const from = count === 0 ? null : (page - 1) * perPage + 1;
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    from,
    to: from === null ? null : from + count - 1,
  };
}

/**
 * An IANA time zone name, as the browser's Intl.DateTimeFormat().resolvedOptions().timeZone
 * gives it: the zone a client counts its "today" and "this week" in. 422 'The time zone is not
 * valid.' for anything Intl does not know.
 */
export const timeZoneName = z.string({ error: TIME_ZONE_INVALID }).max(100, TIME_ZONE_INVALID).refine(isTimeZone, TIME_ZONE_INVALID);
