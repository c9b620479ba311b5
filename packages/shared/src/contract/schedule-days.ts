/**
 * The schedule's zoom (spec 01 §2.6): 1 to 31 days; the server accepts a range a day wider for
 * shifts that straddle it. Apart from the calendar's schemas: the list of shifts asks for it
 * before its first paint, without zod (issue 20).
 */
export const SCHEDULE_DAYS = { min: 1, max: 31, around: 3 } as const;
