import { describe, expect, it } from 'vitest';
import { bodyOf, emptyForm, formOf } from './recurring-event-form.ts';

describe('recurring event form', () => {
  const base = { ...emptyForm(), entity_type_id: 't', title: 'Hydrant test', origin_day: '2026-11-02' };

  it('sends a platoon only for rotations, and minutes for hours', () => {
    expect(bodyOf({ ...base, event_key: 'berkeley', platoon: 'B', duration_hours: 24 }, 'America/Chicago')).toMatchObject({
      event_key: 'berkeley',
      platoon: 'B',
      duration_minutes: 1440,
      time_zone: 'America/Chicago',
      custom_key: null,
      on_day_of_period: null,
    });
    expect(bodyOf({ ...base, event_key: 'daily' }, 'UTC')).not.toHaveProperty('platoon');
  });

  it('custom weeks send weekdays; custom months send a day of the month or a weekday with its week', () => {
    const weeks = bodyOf({ ...base, event_key: 'custom', custom_key: 'repeat_every_n_weeks', custom_key_n: 2, weekdays: [1, 3] }, 'UTC');
    expect(weeks).toMatchObject({ custom_key: 'repeat_every_n_weeks', custom_key_n: 2, on_day_of_period: [1, 3], on_week_of_period: null });
    const byDay = bodyOf({ ...base, event_key: 'custom', custom_key: 'repeat_every_n_months', day_of_month: 15 }, 'UTC');
    expect(byDay).toMatchObject({ on_day_of_period: [15], on_week_of_period: null });
    const secondTuesday = bodyOf(
      { ...base, event_key: 'custom', custom_key: 'repeat_every_n_months', week_of_month: 2, weekdays: [2] },
      'UTC',
    );
    expect(secondTuesday).toMatchObject({ on_day_of_period: [2], on_week_of_period: 2 });
    expect(bodyOf({ ...base, event_key: 'monthly', day_of_month: 31 }, 'UTC').on_day_of_period).toEqual([31]);
  });

  it('reads a saved definition back into the form', () => {
    const body = bodyOf({ ...base, event_key: 'custom', custom_key: 'repeat_every_n_months', week_of_month: -1, weekdays: [5] }, 'UTC');
    const form = formOf({
      ...body,
      id: 'd',
      tenant_id: 't',
      entityType: 'shift',
      event_key: 'custom',
      platoon: undefined,
      virtual_event_created_date: null,
      active_at: '2026-11-01T00:00:00Z',
    });
    expect(form).toMatchObject({ title: 'Hydrant test', custom_key: 'repeat_every_n_months', week_of_month: -1, weekdays: [5] });
  });
});
