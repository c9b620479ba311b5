import { type DateTimeValue, dateTimeValueSchema, formatTime, isTime, normaliseDateTime } from '../checks-basic.ts';
import { fieldMessages } from '../messages.ts';
import type { FieldType } from '../types.ts';

/** A timestamp keeps the clock time it is written with: '1970-01-01T15:04:05.000Z' → '15:04:05'. */
const toTime = (s: string) => /^\d{4}-\d{2}-\d{2}T(\d{2}:\d{2}(?::\d{2})?)/.exec(s)?.[1] ?? s;

/**
 * time-picker: a time of day, stored as a date-time value { value: 'HH:mm' or 'HH:mm:ss',
 * display_value? }. A bare string is accepted. Prints in the tenant's time format
 * (TIME_WITH_SECONDS: 3:04:05 PM, TIME_24_WITH_SECONDS: 15:04:05), with no time-zone shift.
 */
export const timePicker: FieldType<DateTimeValue> = {
  key: 'time-picker',
  family: 'date',
  holdsValue: true,
  value: dateTimeValueSchema,
  defaultParams: {},
  filterKind: 'none',
  normalise: (raw) => normaliseDateTime(raw, toTime),
  validate: (value, field) => (isTime(value.value) ? [] : [fieldMessages.date(field)]),
  toText: (value, _field, context) => formatTime(value.value, context),
};
