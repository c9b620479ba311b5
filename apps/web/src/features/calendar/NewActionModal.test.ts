import { describe, expect, it } from 'vitest';
import { addLink } from './NewActionModal.tsx';

describe("New Action from a day's popout", () => {
  const day = new Date(2026, 10, 26, 15);
  it('prefills the start field with that day: the date for all-day types, else 08:00 local', () => {
    const timed = new URL(addLink({ name: 'department_shifts', object_data: { start_datetime_field: 'shift_start' } }, day), 'http://x');
    expect(timed.pathname).toBe('/entity/add');
    expect(timed.searchParams.get('type')).toBe('department_shifts');
    expect(JSON.parse(timed.searchParams.get('field.shift_start')!)).toEqual({ value: new Date(2026, 10, 26, 8).toISOString() });
    const allDay = new URL(addLink({ name: 'drill', object_data: { start_datetime_field: 'on', all_day_entity: true } }, day), 'http://x');
    expect(JSON.parse(allDay.searchParams.get('field.on')!)).toEqual({ value: '2026-11-26' });
  });

  it('adds no prefill without a day or a start field', () => {
    expect(addLink({ name: 'drill', object_data: { start_datetime_field: 'on' } })).toBe('/entity/add?type=drill');
    expect(addLink({ name: 'drill', object_data: {} }, day)).toBe('/entity/add?type=drill');
  });
});
