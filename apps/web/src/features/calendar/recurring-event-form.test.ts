import type { EntityType } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  emptyForm,
  formOf,
  pickedPrefills,
  prefillChoices,
  prefillFieldsOf,
  withoutPrefill,
  withPrefill,
  withType,
} from './recurring-event-form.ts';

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

  describe('prefills', () => {
    const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
      id: property,
      field_data: { property, title: property.toUpperCase(), type, page: 1, ...extra },
    });
    const type = {
      id: 't',
      name: 'drill',
      label: 'Drill',
      object_data: { start_datetime_field: 'starts' },
      fields: [
        f('topic', 'single-text'),
        f('starts', 'date-time-picker'),
        f('hours', 'number-entry'),
        f('photo', 'single-file'),
        f('heading', 'heading'),
        f('secret', 'single-text', { permissions: { visible_to: ['Tenant Admin'] } }),
        f('chiefs', 'single-text', { permissions: { modifiable_by: ['Tenant Admin'] } }),
        f('creator', 'select-personnel', { params: { lockedToCreator: true } }),
      ],
    } as unknown as EntityType;
    const user = { role: 'Tenant User', isGlobalAdmin: false };

    it('offers the fields the viewer may fill: not the start, files, headings, hidden, unchangeable or server-filled ones', () => {
      expect(prefillFieldsOf(type, user).map((x) => x.property)).toEqual(['topic', 'hours']);
      expect(prefillFieldsOf(type, { role: 'Tenant Admin', isGlobalAdmin: false }).map((x) => x.property)).toEqual([
        'topic',
        'hours',
        'secret',
        'chiefs',
      ]);
      expect(prefillFieldsOf(undefined, user)).toEqual([]);
    });

    it('picks, fills and removes fields; picked ones leave the choices and list in the type order', () => {
      const fields = prefillFieldsOf(type, user);
      let form = withPrefill(withPrefill(base, 'hours', null), 'topic', 'Ladders');
      expect(prefillChoices(form, fields)).toEqual([]);
      expect(pickedPrefills(form, type).map((p) => p.property)).toEqual(['topic', 'hours']);
      form = withoutPrefill(form, 'topic');
      expect(prefillChoices(form, fields)).toEqual([{ value: 'topic', label: 'TOPIC' }]);
      // An empty pick fills nothing.
      expect(bodyOf(withPrefill(form, 'hours', null), 'UTC').prefills.prefillFields).toEqual({});
      expect(bodyOf(withPrefill(form, 'hours', 2), 'UTC').prefills.prefillFields).toEqual({ hours: 2 });
    });

    it('another source type clears the prefills; editing shows the stored ones and keeps the tenant', () => {
      const filled = withPrefill(base, 'topic', 'Ladders');
      expect(withType(filled, 't', false)).toBe(filled);
      expect(withType(filled, 'other', true)).toMatchObject({ entity_type_id: 'other', all_day: true, prefills: { prefillFields: {} } });
      const event = {
        ...bodyOf(filled, 'UTC'),
        id: 'e',
        tenant_id: 'tenant-b',
        entityType: 'drill',
        event_key: 'daily',
        virtual_event_created_date: null,
        active_at: '2026-11-01T00:00:00Z',
      } as Parameters<typeof formOf>[0];
      const again = formOf(event);
      expect(again.prefills.prefillFields).toEqual({ topic: 'Ladders' });
      expect(bodyOf(again, 'UTC')).toMatchObject({ tenant_id: 'tenant-b', prefills: { prefillFields: { topic: 'Ladders' } } });
      expect(bodyOf(base, 'UTC')).not.toHaveProperty('tenant_id');
    });
  });
});
