import type { EntityType } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import { timeSheet } from '../../demo/entity-types/time-sheet.ts';
import { changedValues, sheetValues, weekTotals } from './time-sheet-totals.ts';
import { cardOf, weekStartOf } from './time-sheets.ts';

const type = { ...timeSheet(), id: 'type-1' } as unknown as EntityType;
const span = (from: string, to: string | null) => ({ from, to });
const stretch = (from: string, to: string | null) => ({ row: {} as never, from, to });

describe('[TIME SHEETS] totals and time zones (no database)', () => {
  it('counts finished shifts and their hours less the breaks inside them', () => {
    const shifts = [
      span('2026-11-16T14:00:00.000Z', '2026-11-16T22:00:00.000Z'), // 8 h
      span('2026-11-17T14:00:00.000Z', '2026-11-17T20:30:00.000Z'), // 6.5 h
      span('2026-11-18T14:00:00.000Z', null), // still open: not counted
    ];
    const breaks = [
      span('2026-11-16T18:00:00.000Z', '2026-11-16T18:30:00.000Z'), // 30 min inside the first
      span('2026-11-17T20:15:00.000Z', '2026-11-17T21:00:00.000Z'), // 15 of its 45 min inside the second
      span('2026-11-18T16:00:00.000Z', null), // open: not counted
    ];
    expect(weekTotals(shifts, breaks)).toEqual({ shifts_worked_this_week: 2, hours_worked_this_week: 13.75 });
    expect(weekTotals([], [])).toEqual({ shifts_worked_this_week: 0, hours_worked_this_week: 0 });
  });

  it('fills each day of the week a finished shift began on, in the time zone', () => {
    // Saturday 09:00 to 21:00 in Chicago, 45 minutes' break: day 7 of the week of Sunday 15 November.
    const shifts = [span('2026-11-21T15:00:00.000Z', '2026-11-22T03:00:00.000Z')];
    const breaks = [span('2026-11-21T18:00:00.000Z', '2026-11-21T18:45:00.000Z')];
    const chicago = sheetValues(type, '2026-11-15', shifts, breaks, 'America/Chicago');
    expect(chicago).toMatchObject({
      shifts_worked_this_week: 1,
      hours_worked_this_week: 11.25,
      time_in_6: { value: '2026-11-21T15:00:00.000Z', display_value: expect.stringMatching(/^11\/21\/2026 9:00:00 AM$/) },
      time_out_6: { value: '2026-11-22T03:00:00.000Z', display_value: expect.stringMatching(/^11\/21\/2026 9:00:00 PM$/) },
      meal_break_6: 45,
    });
    expect(Object.keys(chicago).filter((k) => /^(time_in|time_out|meal_break)/.test(k))).toHaveLength(3);
    // The same shift counted in UTC began on the Saturday too, but a sheet of the next week has no day for it.
    expect(sheetValues(type, '2026-11-22', shifts, breaks, 'UTC')).toEqual({ shifts_worked_this_week: 1, hours_worked_this_week: 11.25 });
    // Without a week start only the totals are written.
    expect(Object.keys(sheetValues(type, null, shifts, breaks, 'UTC'))).toEqual(['shifts_worked_this_week', 'hours_worked_this_week']);
  });

  it('writes only the properties the type has, with the field type expected', () => {
    const other = {
      ...type,
      fields: [
        { field_data: { property: 'shifts_worked_this_week', type: 'single-text' } },
        { field_data: { property: 'time_in', type: 'date-time-picker' } },
      ],
    } as unknown as EntityType;
    const shifts = [span('2026-11-15T15:00:00.000Z', '2026-11-15T16:00:00.000Z')];
    expect(Object.keys(sheetValues(other, '2026-11-15', shifts, [], 'UTC'))).toEqual(['time_in']);
  });

  it('names only the values that changed', () => {
    expect(changedValues({ a: 1, b: { value: 'x' } }, { a: 1, b: { value: 'y' }, c: 0 })).toEqual({ b: { value: 'y' }, c: 0 });
  });

  it('counts "today" and "this week" in the time zone: Saturday 23:30 in Chicago is Sunday in UTC', () => {
    const now = new Date('2026-11-22T05:30:00.000Z');
    expect(weekStartOf(now, 'America/Chicago')).toBe('2026-11-15');
    expect(weekStartOf(now)).toBe('2026-11-22');
    // A shift that began Saturday afternoon in Chicago was "today" there, "yesterday" in UTC.
    const shifts = [stretch('2026-11-21T20:00:00.000Z', '2026-11-22T02:00:00.000Z')];
    expect(cardOf(shifts, [], now, 'America/Chicago').has_punched_today).toBe(true);
    expect(cardOf(shifts, [], now, 'UTC').has_punched_today).toBe(false);
    expect(cardOf(shifts, [], now, 'America/Chicago')).toMatchObject({ shifts_worked_this_week: 1, hours_worked_this_week: 6 });
  });
});
