import type { ScheduleItem } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import {
  daysDragged,
  defaultWindow,
  fetchRange,
  NO_ASSIGNEE,
  scheduleRows,
  shiftWindow,
  windowDays,
  windowEnd,
  zoomWindow,
} from './shift-schedule-model.ts';

const item = (id: string, start: string, end: string | null, assignee: { id: string; name: string } | null): ScheduleItem => ({
  id,
  type: 'department_shifts',
  title: id,
  start,
  end,
  color: null,
  assignee,
});

describe('shift schedule timeline', () => {
  it('defaults to today with 3 days either side', () => {
    const window = defaultWindow(new Date(2026, 10, 26, 15, 30));
    expect(window).toEqual({ from: new Date(2026, 10, 23), days: 7 });
    expect(windowEnd(window)).toEqual(new Date(2026, 10, 30));
    expect(windowDays(window)).toHaveLength(7);
  });

  it('zooms from 1 to 31 days around the middle day, and moves by whole days', () => {
    const window = defaultWindow(new Date(2026, 10, 26));
    expect(zoomWindow(window, 1)).toEqual({ from: new Date(2026, 10, 26), days: 1 });
    expect(zoomWindow(window, 0).days).toBe(1);
    expect(zoomWindow(window, 40)).toEqual({ from: new Date(2026, 10, 11), days: 31 });
    expect(shiftWindow(window, -7).from).toEqual(new Date(2026, 10, 16));
    expect(daysDragged(250, 100)).toBe(-3);
    expect(daysDragged(-40, 100)).toBe(0);
  });

  it('asks for a day either side of the window', () => {
    const range = fetchRange({ from: new Date(2026, 10, 23), days: 7 });
    expect(new Date(range.from)).toEqual(new Date(2026, 10, 22));
    expect(new Date(range.to)).toEqual(new Date(2026, 11, 1));
  });

  it('makes a row per assignee by name, then the No assignee row, stacking overlaps into lanes', () => {
    const window = { from: new Date('2026-11-23T00:00:00'), days: 4 };
    const zoe = { id: 'u2', name: 'Zoe Hart' };
    const abe = { id: 'u1', name: 'Abe Cole' };
    const rows = scheduleRows(
      [
        item('z1', new Date('2026-11-24T07:00:00').toISOString(), new Date('2026-11-25T07:00:00').toISOString(), zoe),
        item('a1', new Date('2026-11-23T00:00:00').toISOString(), new Date('2026-11-24T00:00:00').toISOString(), abe),
        item('a2', new Date('2026-11-23T12:00:00').toISOString(), new Date('2026-11-23T18:00:00').toISOString(), abe),
        item('a3', new Date('2026-11-24T00:00:00').toISOString(), null, abe),
        item('gone', new Date('2026-11-30T00:00:00').toISOString(), null, zoe),
        item('edge', new Date('2026-11-22T07:00:00').toISOString(), new Date('2026-11-23T07:00:00').toISOString(), null),
      ],
      window,
    );
    expect(rows.map((r) => r.name)).toEqual(['Abe Cole', 'Zoe Hart', NO_ASSIGNEE]);
    const [abeRow, zoeRow, none] = rows;
    expect(abeRow!.lanes).toBe(2);
    expect(abeRow!.items.map((p) => [p.item.id, p.lane, p.left])).toEqual([
      ['a1', 0, 0],
      ['a2', 1, 0.125],
      ['a3', 0, 0.25],
    ]);
    expect(abeRow!.items[0]!.width).toBe(0.25);
    expect(zoeRow!.items.map((p) => p.item.id)).toEqual(['z1']);
    // Started before the window: clipped to its left edge.
    expect(none!.items[0]).toMatchObject({ left: 0, width: 7 / 96 });
  });

  it('keeps the No assignee row when nothing is unassigned', () => {
    expect(scheduleRows([], defaultWindow()).map((r) => r.name)).toEqual([NO_ASSIGNEE]);
  });
});
