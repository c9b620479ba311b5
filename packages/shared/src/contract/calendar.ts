import { z } from 'zod';
import { isTimeZone, TIME_ZONE_INVALID } from '../time-zones.ts';

/**
 * The calendar (spec 02 §2 'Calendar screen', §3 'Recurring event', §7 calendar calls, §9
 * recurrence presets). Records of types with visible_on_calendar appear from their date
 * fields; recurring event definitions add virtual occurrences until one is opened.
 */

/** Recurrence presets of spec 02 §9, as event_key values. */
export const RECURRENCE_PRESETS = [
  'daily',
  'weekly',
  'shift_24_48',
  'shift_48_96',
  'berkeley',
  'modified_la',
  'monthly',
  'annually',
  'weekdays',
  'weekends',
  'custom',
] as const;
export type RecurrencePreset = (typeof RECURRENCE_PRESETS)[number];

export const RECURRENCE_PRESET_LABELS: Record<RecurrencePreset, string> = {
  daily: 'Every day',
  weekly: 'Weekly on the weekday',
  shift_24_48: '24 on 48 off (3-day cycle)',
  shift_48_96: '48 on 96 off (6-day cycle)',
  berkeley: 'California Berkeley shift (9-day cycle)',
  modified_la: 'Modified LA shift (21-day cycle)',
  monthly: 'Monthly on day N',
  annually: 'Annually',
  weekdays: 'Every weekday',
  weekends: 'Weekend days',
  custom: 'Custom',
};

/** Presets that rotate platoons over a cycle: each definition follows one platoon. */
export const PLATOON_PRESETS: readonly RecurrencePreset[] = ['shift_24_48', 'shift_48_96', 'berkeley', 'modified_la'];
export const PLATOONS = ['A', 'B', 'C'] as const;

export const CUSTOM_KEYS = ['repeat_every_n_days', 'repeat_every_n_weeks', 'repeat_every_n_months'] as const;
export type CustomKey = (typeof CUSTOM_KEYS)[number];

/** Modules that cannot be the source type of a recurring event (spec 02 §9). */
export const RECURRING_EVENT_EXCLUDED_TYPES = ['personnel', 'apparatus', 'tenant'];

export const CALENDAR_MESSAGES = {
  saved: 'Recurring event saved.',
  deleted: 'Recurring event deleted.',
  noEvents: 'No events.',
  presetUnknown: 'The repeat must be one of the listed presets.',
  intervalTooSmall: 'The interval must be at least 1.',
  dayOutsidePeriod: 'The day is outside its period.',
  endBeforeStart: 'The end must not be before the start.',
  typeNotAllowed: 'You may not create records of this type from a recurring event.',
  customNeedsKey: 'Choose days, weeks or months.',
  customNeedsDays: 'Choose at least one day.',
  monthInvalid: 'The month must be 1 to 12 and the year 1970 to 2200.',
  scheduleTooWide: 'The schedule shows at most 31 days.',
  deleteWarning: 'Deleting this schedule means no future entities will be created from it.',
  otherTenant: 'You may not create recurring events for another tenant.',
  tenantInvalid: 'The selected tenant is invalid.',
  prefillEntityInvalid: 'The selected record is invalid.',
} as const;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be YYYY-MM-DD.');
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'The time must be HH:mm.');

/** POST /calendar/events and PUT /calendar/events/{id}: a recurring event definition. */
export const recurringEventBody = z.object({
  /** A global admin's pick of the tenant the definition is for (spec 02 §6); the acting tenant otherwise. */
  tenant_id: z.uuid('Choose a tenant.').nullable().optional(),
  entity_type_id: z.uuid('Choose an entity type.'),
  title: z.string().trim().min(1, 'The title is required.').max(200, 'The title may not be greater than 200 characters.'),
  /** The dialog's switch: Create New Entity ('entity') or Create Schedule Item ('schedule'). */
  mode: z.enum(['entity', 'schedule']).default('entity'),
  event_key: z.string().max(40),
  platoon: z.enum(PLATOONS).optional(),
  origin_day: isoDay,
  ends_on: isoDay.nullable().optional(),
  start_time: clock.default('07:00'),
  duration_minutes: z
    .number()
    .int()
    .min(1, 'The duration must be at least 1 minute.')
    .max(7 * 24 * 60, 'The duration may not be longer than 7 days.')
    .default(60),
  all_day: z.boolean().default(false),
  time_zone: z.string({ error: TIME_ZONE_INVALID }).max(100, TIME_ZONE_INVALID).refine(isTimeZone, TIME_ZONE_INVALID),
  custom_key: z.string().max(40).nullable().optional(),
  custom_key_n: z.number().int().nullable().optional(),
  on_day_of_period: z.array(z.number().int()).max(31).nullable().optional(),
  on_week_of_period: z.number().int().nullable().optional(),
  prefills: z
    .object({
      prefillFields: z.record(z.string(), z.unknown()).default({}),
      prefillEntity: z.uuid().nullable().optional(),
    })
    .default({ prefillFields: {} }),
});
export type RecurringEventBody = z.infer<typeof recurringEventBody>;

export const recurringEvent = recurringEventBody.extend({
  id: z.string(),
  tenant_id: z.string(),
  event_key: z.enum(RECURRENCE_PRESETS),
  entityType: z.string(),
  virtual_event_created_date: z.string().nullable(),
  active_at: z.string(),
});
export type RecurringEvent = z.infer<typeof recurringEvent>;

/**
 * Calendar item (spec 02 §2): id, entity, start, end, title, color, all_day, the calendar filters
 * (visible_on_calendar) of its type, and `virtual`, which tells the two kinds apart. A month
 * answers thousands of them (docs/performance.md), so each kind carries only its own fields:
 * - a record: `entity` is the record (its id and type name), `virtual` is false, and there are no
 *   virtual_event_* fields;
 * - a virtual (recurring) occurrence: `entity` is null, `virtual` is true, with the definition
 *   (virtual_event_id), the occurrence's signature (`definition id|start ISO`) and the
 *   definition's virtual_event_created_date.
 */
const calendarItemBase = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  title: z.string(),
  color: z.string().nullable(),
  all_day: z.boolean(),
  filters: z.array(z.string()),
});
export const recordCalendarItem = calendarItemBase.extend({
  entity: z.object({ id: z.string(), type: z.string() }),
  virtual: z.literal(false),
});
export const virtualCalendarItem = calendarItemBase.extend({
  entity: z.null(),
  virtual: z.literal(true),
  virtual_event_id: z.string(),
  virtual_event_signature: z.string(),
  virtual_event_created_date: z.string().nullable(),
});
export const calendarItem = z.discriminatedUnion('virtual', [recordCalendarItem, virtualCalendarItem]);
export type CalendarItem = z.infer<typeof calendarItem>;
export type RecordCalendarItem = z.infer<typeof recordCalendarItem>;
export type VirtualCalendarItem = z.infer<typeof virtualCalendarItem>;

/**
 * One record on the shift schedule timeline (spec 01 §2.6, type department_shifts): placed by the
 * type's start and end fields, on the row of its assignee (null: the 'No assignee' row).
 */
export const scheduleItem = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  color: z.string().nullable(),
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type ScheduleItem = z.infer<typeof scheduleItem>;

/** GET /calendar/shift-schedule/{type}: the range [from, to) as ISO instants, 31 days at most, and the page. */
export const scheduleQuery = z.object({
  from: z.iso.datetime({ offset: true, message: 'The start must be an ISO date-time.' }),
  to: z.iso.datetime({ offset: true, message: 'The end must be an ISO date-time.' }),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
