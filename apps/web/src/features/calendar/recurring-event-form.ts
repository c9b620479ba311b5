import {
  type CustomKey,
  type EntityType,
  type FieldDefinition,
  type FieldViewer,
  PLATOON_PRESETS,
  prefillableFields,
  type RecurrencePreset,
  type RecurringEvent,
  type RecurringEventBody,
} from '@turnout/shared';

/** The recurring event dialog's form (spec 02 §4), as the inputs hold it. */
export interface RecurringEventForm {
  /** A global admin's pick of the tenant (spec 02 §6); '' means the acting tenant. */
  tenant_id: string;
  mode: 'entity' | 'schedule';
  entity_type_id: string;
  title: string;
  event_key: RecurrencePreset;
  platoon: 'A' | 'B' | 'C';
  origin_day: string;
  ends_on: string;
  start_time: string;
  duration_hours: number;
  all_day: boolean;
  /** Monthly on day N, or a custom month's day. */
  day_of_month: number;
  custom_key: CustomKey;
  custom_key_n: number;
  /** Custom weeks, or a custom month's weekday (with week_of_month): Sunday = 0. */
  weekdays: number[];
  /** A custom month by weekday: 1 to 5, or -1 for the last; 0 means by day of month. */
  week_of_month: number;
  prefills: RecurringEventBody['prefills'];
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export function emptyForm(): RecurringEventForm {
  return {
    tenant_id: '',
    mode: 'entity',
    entity_type_id: '',
    title: '',
    event_key: 'daily',
    platoon: 'A',
    origin_day: today(),
    ends_on: '',
    start_time: '07:00',
    duration_hours: 1,
    all_day: false,
    day_of_month: new Date().getDate(),
    custom_key: 'repeat_every_n_weeks',
    custom_key_n: 1,
    weekdays: [new Date().getDay()],
    week_of_month: 0,
    prefills: { prefillFields: {} },
  };
}

export function formOf(event: RecurringEvent): RecurringEventForm {
  const days = event.on_day_of_period ?? [];
  const byWeekday = event.custom_key === 'repeat_every_n_weeks' || (event.on_week_of_period ?? 0) !== 0;
  return {
    ...emptyForm(),
    tenant_id: event.tenant_id,
    mode: event.mode,
    entity_type_id: event.entity_type_id,
    title: event.title,
    event_key: event.event_key,
    platoon: event.platoon ?? 'A',
    origin_day: event.origin_day,
    ends_on: event.ends_on ?? '',
    start_time: event.start_time,
    duration_hours: event.duration_minutes / 60,
    all_day: event.all_day,
    day_of_month: !byWeekday && days[0] ? days[0] : emptyForm().day_of_month,
    custom_key: (event.custom_key as CustomKey | null) ?? 'repeat_every_n_weeks',
    custom_key_n: event.custom_key_n ?? 1,
    weekdays: byWeekday && days.length > 0 ? days : emptyForm().weekdays,
    week_of_month: event.on_week_of_period ?? 0,
    prefills: { ...event.prefills, prefillFields: { ...event.prefills.prefillFields } },
  };
}

/** The body of POST/PUT /calendar/events; the server checks it (422 per field). */
export function bodyOf(form: RecurringEventForm, timeZone: string): RecurringEventBody {
  const custom = form.event_key === 'custom';
  const byWeekday = custom && (form.custom_key === 'repeat_every_n_weeks' || form.week_of_month !== 0);
  let days: number[] | null = null;
  if (form.event_key === 'monthly') days = [form.day_of_month];
  else if (custom && form.custom_key !== 'repeat_every_n_days') days = byWeekday ? form.weekdays : [form.day_of_month];
  return {
    ...(form.tenant_id ? { tenant_id: form.tenant_id } : {}),
    entity_type_id: form.entity_type_id,
    title: form.title,
    mode: form.mode,
    event_key: form.event_key,
    ...(PLATOON_PRESETS.includes(form.event_key) ? { platoon: form.platoon } : {}),
    origin_day: form.origin_day,
    ends_on: form.ends_on || null,
    start_time: form.start_time,
    duration_minutes: Math.round(form.duration_hours * 60),
    all_day: form.all_day,
    time_zone: timeZone,
    custom_key: custom ? form.custom_key : null,
    custom_key_n: custom ? form.custom_key_n : null,
    on_day_of_period: days,
    on_week_of_period: custom && form.custom_key === 'repeat_every_n_months' && form.week_of_month !== 0 ? form.week_of_month : null,
    prefills: { ...form.prefills, prefillFields: filledPrefills(form.prefills.prefillFields) },
  };
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** The prefills worth sending: a picked field left empty fills nothing. */
export function filledPrefills(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => !isEmpty(v)));
}

/** Another source type: its all-day flag may set all_day, and the other type's prefills no longer apply. */
export function withType(form: RecurringEventForm, entityTypeId: string, allDayType: boolean): RecurringEventForm {
  if (entityTypeId === form.entity_type_id) return form;
  return { ...form, entity_type_id: entityTypeId, all_day: allDayType || form.all_day, prefills: { prefillFields: {} } };
}

/** The fields of the type the viewer may prefill (the server's own rule: packages/shared calendar-prefills.ts). */
export function prefillFieldsOf(type: EntityType | undefined, viewer: FieldViewer): FieldDefinition[] {
  if (!type) return [];
  return prefillableFields(type.fields, viewer, [type.object_data.start_datetime_field, type.object_data.end_datetime_field]);
}

/** The prefilled fields in the type's order (a stored one the viewer may no longer fill is still listed, to be removed). */
export function pickedPrefills(form: RecurringEventForm, type: EntityType | undefined): { property: string; field?: FieldDefinition }[] {
  const byProperty = new Map(type?.fields.map((f) => [f.field_data.property, f.field_data as FieldDefinition]) ?? []);
  const order = new Map(type?.fields.map((f, i) => [f.field_data.property, i]) ?? []);
  return Object.keys(form.prefills.prefillFields)
    .sort((a, b) => (order.get(a) ?? Number.MAX_SAFE_INTEGER) - (order.get(b) ?? Number.MAX_SAFE_INTEGER))
    .map((property) => ({ property, field: byProperty.get(property) }));
}

/** The 'Add a field' choices: prefillable fields not picked yet. */
export function prefillChoices(form: RecurringEventForm, fields: FieldDefinition[]): { value: string; label: string }[] {
  return fields
    .filter((f) => !Object.hasOwn(form.prefills.prefillFields, f.property))
    .map((f) => ({ value: f.property, label: f.title || f.property }));
}

export function withPrefill(form: RecurringEventForm, property: string, value: unknown): RecurringEventForm {
  return { ...form, prefills: { ...form.prefills, prefillFields: { ...form.prefills.prefillFields, [property]: value } } };
}

export function withoutPrefill(form: RecurringEventForm, property: string): RecurringEventForm {
  const { [property]: _removed, ...rest } = form.prefills.prefillFields;
  return { ...form, prefills: { ...form.prefills, prefillFields: rest } };
}

/** The server's messages for one prefilled field (422 keys `prefills.<property>`). */
export const prefillErrorKey = (property: string) => `prefills.${property}`;
