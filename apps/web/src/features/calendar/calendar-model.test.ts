import { calendarItem, type RecordCalendarItem, type VirtualCalendarItem } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import { dotsByDay, filtered, filterLabel, firstDayOf, itemsOn, monthsBetween, recordPath, shownView } from './calendar-model.ts';

const item = (id: string, start: Date, extra: Partial<RecordCalendarItem> = {}): RecordCalendarItem => ({
  id,
  entity: { id, type: 'shift' },
  start: start.toISOString(),
  end: null,
  title: id,
  color: null,
  all_day: false,
  virtual: false,
  filters: ['Shifts'],
  ...extra,
});
const occurrence = (definition: string, start: Date): VirtualCalendarItem => ({
  ...item(`virtual|${definition}|${start.toISOString()}`, start),
  entity: null,
  virtual: true,
  virtual_event_id: definition,
  virtual_event_signature: `${definition}|${start.toISOString()}`,
  virtual_event_created_date: null,
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
    const virtual = occurrence('v', new Date(2026, 10, 3, 9));
    expect(dotsByDay([shift, virtual]).get('2026-11-03')).toEqual({ records: 1, virtual: 1 });
    expect(itemsOn([shift, virtual], '2026-11-04').map((i) => i.id)).toEqual(['s']);
    expect(itemsOn([shift, virtual], '2026-11-05')).toEqual([]);
  });

  it('reads both kinds of item from the answer: a record without virtual fields, an occurrence with them', () => {
    const record = { id: 'r', entity: { id: 'r', type: 'shift' }, start: '2026-11-03T13:00:00.000Z', end: null, title: 'E1' };
    const parsed = calendarItem.parse({ ...record, color: null, all_day: false, virtual: false, filters: ['Shifts'] });
    expect(parsed.virtual ? null : recordPath(parsed)).toBe('/entity/shift/r');
    const virtual = occurrence('d', new Date('2026-11-03T13:00:00.000Z'));
    expect(calendarItem.parse(virtual)).toEqual(virtual);
    // A virtual item without its definition, or a record with a null entity, is not an item.
    expect(calendarItem.safeParse({ ...virtual, virtual_event_id: undefined }).success).toBe(false);
    expect(calendarItem.safeParse({ ...parsed, entity: null }).success).toBe(false);
  });
});
