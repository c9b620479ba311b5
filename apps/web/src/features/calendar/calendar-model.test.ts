import type { CalendarItem } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import { dotsByDay, filtered, filterLabel, firstDayOf, itemsOn, monthsBetween, shownView } from './calendar-model.ts';

const item = (id: string, start: Date, extra: Partial<CalendarItem> = {}): CalendarItem => ({
  id,
  entity: { id, type: 'shift', entity_type_id: 't' },
  start: start.toISOString(),
  end: null,
  title: id,
  color: null,
  all_day: false,
  virtual: false,
  virtual_event_id: null,
  virtual_event_signature: null,
  virtual_event_created_date: null,
  filters: ['Shifts'],
  ...extra,
});

describe('calendar model', () => {
  it('labels the filter: None, the first name, or first + N more', () => {
    expect(filterLabel([])).toBe('Filters: None');
    expect(filterLabel(['Shifts'])).toBe('Shifts');
    expect(filterLabel(['Shifts', 'Training', 'Hydrants'])).toBe('Shifts + 2 more');
  });

  it('narrow layouts are month only; the weekend view starts Monday, the others Sunday', () => {
    expect(shownView('week', false)).toBe('month');
    expect(shownView('week', true)).toBe('week');
    expect(firstDayOf('weekend')).toBe(1);
    expect(firstDayOf('month')).toBe(0);
  });

  it('filters by calendar filter; none chosen shows everything', () => {
    const items = [item('a', new Date(2026, 10, 3)), item('b', new Date(2026, 10, 3), { filters: ['Training'] })];
    expect(filtered(items, []).map((i) => i.id)).toEqual(['a', 'b']);
    expect(filtered(items, ['Training']).map((i) => i.id)).toEqual(['b']);
  });

  it('asks for every month a range touches', () => {
    expect(monthsBetween(new Date(2026, 9, 25), new Date(2026, 11, 6))).toEqual(['10.2026', '11.2026', '12.2026']);
    expect(monthsBetween(new Date(2026, 10, 1), new Date(2026, 11, 1))).toEqual(['11.2026']);
  });

  it('counts dots per day by kind, and lists a day’s items including those spanning it', () => {
    const shift = item('s', new Date(2026, 10, 3, 7), { end: new Date(2026, 10, 4, 7).toISOString() });
    const virtual = item('v', new Date(2026, 10, 3, 9), { virtual: true, entity: null });
    expect(dotsByDay([shift, virtual]).get('2026-11-03')).toEqual({ records: 1, virtual: 1 });
    expect(itemsOn([shift, virtual], '2026-11-04').map((i) => i.id)).toEqual(['s']);
    expect(itemsOn([shift, virtual], '2026-11-05')).toEqual([]);
  });
});
