import { type CustomKey, PLATOON_PRESETS, type RecurrencePreset, type RecurringEvent, type RecurringEventBody } from '@turnout/shared';

/** The recurring event dialog's form (spec 02 §4), as the inputs hold it. */
export interface RecurringEventForm {
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
    prefills: event.prefills,
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
    prefills: form.prefills,
  };
}
