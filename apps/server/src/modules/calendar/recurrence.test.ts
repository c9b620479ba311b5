import { type RecurringEventBody, recurringEventBody } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import { checkRecurrence, occurrencesBetween, type Recurrence, SHIFT_CYCLES } from './recurrence.ts';

const ZONE = 'America/Chicago';
// 2026: DST starts Sunday 8 March and ends Sunday 1 November in the US.
const YEAR_FROM = new Date('2026-01-01T06:00:00Z');
const YEAR_TO = new Date('2027-01-01T06:00:00Z');

function recurrence(extra: Partial<RecurringEventBody> & { event_key: string }): Recurrence {
  const body = recurringEventBody.parse({
    entity_type_id: '00000000-0000-4000-8000-000000000001',
    title: 'Shift',
    origin_day: '2026-01-01',
    start_time: '07:00',
    duration_minutes: 24 * 60,
    time_zone: ZONE,
    ...extra,
  });
  const { errors, recurrence: r } = checkRecurrence(body);
  expect(errors).toEqual({});
  return r!;
}

const year = (r: Recurrence) => occurrencesBetween(r, YEAR_FROM, YEAR_TO);
const localDays = (r: Recurrence) => year(r).map((o) => o.start.toISODate()!);

/** Every occurrence starts at the definition's wall-clock time, on both sides of both DST changes. */
function expectWallClock(r: Recurrence, time = '07:00') {
  const all = year(r);
  expect(all.length).toBeGreaterThan(0);
  for (const o of all) expect(o.start.toFormat('HH:mm'), o.start.toISO()!).toBe(time);
  const offsets = new Set(all.map((o) => o.start.offset));
  expect(offsets).toEqual(new Set([-360, -300]));
}

describe('recurrence presets over 2026 (DST on 8 March and 1 November)', () => {
  it('every day: 365 occurrences, each 07:00 local; the 24-hour one ends 07:00 next day, 23 h across spring forward', () => {
    const r = recurrence({ event_key: 'daily' });
    const all = year(r);
    expect(all).toHaveLength(365);
    expectWallClock(r);
    const springForward = all.find((o) => o.start.toISODate() === '2026-03-07')!;
    expect(springForward.end.toFormat('yyyy-MM-dd HH:mm')).toBe('2026-03-08 07:00');
    expect(springForward.end.diff(springForward.start, 'hours').hours).toBe(23);
    const fallBack = all.find((o) => o.start.toISODate() === '2026-10-31')!;
    expect(fallBack.end.diff(fallBack.start, 'hours').hours).toBe(25);
  });

  it('weekly on the weekday of the first day (Thursday 1 January)', () => {
    const r = recurrence({ event_key: 'weekly' });
    const all = year(r);
    expect(all).toHaveLength(53);
    expect(new Set(all.map((o) => o.start.weekday))).toEqual(new Set([4]));
    expectWallClock(r);
  });

  it('24 on 48 off: every third day; platoons A, B and C cover every day exactly once', () => {
    const platoons = (['A', 'B', 'C'] as const).map((platoon) => localDays(recurrence({ event_key: 'shift_24_48', platoon })));
    expect(platoons[0]!.slice(0, 3)).toEqual(['2026-01-01', '2026-01-04', '2026-01-07']);
    expect(platoons[1]![0]).toBe('2026-01-02');
    const all = platoons.flat();
    expect(all).toHaveLength(365);
    expect(new Set(all).size).toBe(365);
    expectWallClock(recurrence({ event_key: 'shift_24_48' }));
  });

  for (const key of ['shift_48_96', 'berkeley', 'modified_la'] as const) {
    it(`${key}: the A pattern repeats every ${SHIFT_CYCLES[key]!.length} days; three platoons cover every day once`, () => {
      const cycle = SHIFT_CYCLES[key]!;
      const a = localDays(recurrence({ event_key: key, platoon: 'A' }));
      const firstCycle = a.filter((d) => d < `2026-01-${String(1 + cycle.length).padStart(2, '0')}`);
      expect(firstCycle.map((d) => Number(d.slice(8)) - 1)).toEqual(cycle.on);
      const all = (['A', 'B', 'C'] as const).flatMap((platoon) => localDays(recurrence({ event_key: key, platoon })));
      expect(all).toHaveLength(365);
      expect(new Set(all).size).toBe(365);
      expectWallClock(recurrence({ event_key: key, platoon: 'C' }));
    });
  }

  it('California Berkeley A: on, off, on, off, on, then four off', () => {
    expect(localDays(recurrence({ event_key: 'berkeley' })).slice(0, 5)).toEqual([
      '2026-01-01',
      '2026-01-03',
      '2026-01-05',
      '2026-01-10',
      '2026-01-12',
    ]);
  });

  it('monthly on day N (31 skips short months), annually, weekdays and weekend days', () => {
    expect(localDays(recurrence({ event_key: 'monthly', on_day_of_period: [15] }))).toHaveLength(12);
    expect(localDays(recurrence({ event_key: 'monthly', on_day_of_period: [31] }))).toHaveLength(7);
    expect(localDays(recurrence({ event_key: 'annually', origin_day: '2026-03-08', duration_minutes: 60 }))).toEqual(['2026-03-08']);
    const weekdays = year(recurrence({ event_key: 'weekdays', duration_minutes: 60 }));
    expect(weekdays).toHaveLength(261);
    expect(weekdays.every((o) => o.start.weekday <= 5)).toBe(true);
    const weekends = year(recurrence({ event_key: 'weekends', duration_minutes: 60 }));
    expect(weekends).toHaveLength(104);
    expectWallClock(recurrence({ event_key: 'monthly', on_day_of_period: [1], duration_minutes: 60 }));
  });

  it('custom: every n days, every n weeks on chosen days, every n months by day or by week-of-month', () => {
    expect(localDays(recurrence({ event_key: 'custom', custom_key: 'repeat_every_n_days', custom_key_n: 10 }))).toHaveLength(37);
    const biweekly = year(
      recurrence({
        event_key: 'custom',
        custom_key: 'repeat_every_n_weeks',
        custom_key_n: 2,
        on_day_of_period: [1, 3],
        duration_minutes: 60,
      }),
    );
    // The week of the first day (28 Dec to 3 Jan, weeks start Sunday) has no Monday or Wednesday left; every other week from it.
    expect(biweekly.map((o) => o.start.toISODate()).slice(0, 4)).toEqual(['2026-01-12', '2026-01-14', '2026-01-26', '2026-01-28']);
    const quarterly = localDays(
      recurrence({
        event_key: 'custom',
        custom_key: 'repeat_every_n_months',
        custom_key_n: 3,
        on_day_of_period: [10],
        duration_minutes: 60,
      }),
    );
    expect(quarterly).toEqual(['2026-01-10', '2026-04-10', '2026-07-10', '2026-10-10']);
    // The second Tuesday of every month.
    const secondTuesday = localDays(
      recurrence({
        event_key: 'custom',
        custom_key: 'repeat_every_n_months',
        custom_key_n: 1,
        on_day_of_period: [2],
        on_week_of_period: 2,
        duration_minutes: 60,
      }),
    );
    expect(secondTuesday.slice(0, 3)).toEqual(['2026-01-13', '2026-02-10', '2026-03-10']);
    expect(secondTuesday).toHaveLength(12);
  });

  it('stops at ends_on and places all-day events at local midnight', () => {
    expect(localDays(recurrence({ event_key: 'daily', ends_on: '2026-01-03' }))).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
    const allDay = year(recurrence({ event_key: 'weekly', all_day: true, ends_on: '2026-01-01' }));
    expect(allDay.map((o) => o.start.toISO())).toEqual(['2026-01-01T00:00:00.000-06:00']);
  });
});

describe('a late window starts daily and weekly rules late, with the same occurrences', () => {
  const presets: Partial<RecurringEventBody>[] = [
    { event_key: 'daily' },
    { event_key: 'weekly' },
    { event_key: 'weekdays' },
    { event_key: 'weekends' },
    { event_key: 'shift_24_48', platoon: 'B' },
    { event_key: 'shift_48_96', platoon: 'C' },
    { event_key: 'berkeley', platoon: 'B' },
    { event_key: 'modified_la', platoon: 'C' },
    { event_key: 'custom', custom_key: 'repeat_every_n_days', custom_key_n: 5 },
    { event_key: 'custom', custom_key: 'repeat_every_n_weeks', custom_key_n: 3, on_day_of_period: [2, 6] },
  ];
  for (const preset of presets) {
    it(`${preset.event_key} ${preset.custom_key ?? preset.platoon ?? ''}`, () => {
      const r = recurrence(preset as RecurringEventBody);
      const from = new Date('2026-11-01T06:00:00Z');
      const to = new Date('2026-12-01T06:00:00Z');
      const inYear = year(r).filter((o) => o.start.toMillis() < to.getTime() && o.end.toMillis() > from.getTime());
      expect(occurrencesBetween(r, from, to).map((o) => o.start.toISO())).toEqual(inYear.map((o) => o.start.toISO()));
      expect(inYear.length).toBeGreaterThan(0);
    });
  }
});

describe('bad definitions', () => {
  const check = (extra: Record<string, unknown>) =>
    checkRecurrence(
      recurringEventBody.parse({
        entity_type_id: '00000000-0000-4000-8000-000000000001',
        title: 'x',
        origin_day: '2026-05-01',
        time_zone: ZONE,
        event_key: 'custom',
        custom_key: 'repeat_every_n_days',
        custom_key_n: 1,
        ...extra,
      }),
    ).errors;

  it('an interval of 0, a day outside its period, an end before its start, an unknown preset', () => {
    expect(check({ custom_key_n: 0 })).toEqual({ custom_key_n: ['The interval must be at least 1.'] });
    expect(check({ custom_key: 'repeat_every_n_weeks', on_day_of_period: [7] })).toEqual({
      on_day_of_period: ['The day is outside its period.'],
    });
    expect(check({ event_key: 'monthly', on_day_of_period: [32] })).toEqual({ on_day_of_period: ['The day is outside its period.'] });
    expect(check({ ends_on: '2026-04-30' })).toEqual({ ends_on: ['The end must not be before the start.'] });
    expect(check({ event_key: 'fortnightly' })).toEqual({ event_key: ['The repeat must be one of the listed presets.'] });
    expect(check({ custom_key: 'repeat_every_n_weeks', on_day_of_period: [] })).toEqual({ on_day_of_period: ['Choose at least one day.'] });
    expect(check({ custom_key: 'hourly' })).toEqual({ custom_key: ['Choose days, weeks or months.'] });
  });
});
