import { type DateTimeValue, dateTimeValueSchema, formatDate, isDate, normaliseDateTime } from '../checks-basic.ts';
import { fieldMessages } from '../messages.ts';
import type { FieldType } from '../types.ts';

/** A timestamp keeps the calendar date it is written with: '2026-11-21T23:30:00-05:00' → '2026-11-21'. */
const toDate = (s: string) => (/^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : s);

/**
 * date-picker: a calendar date, stored as a date-time value { value: 'yyyy-MM-dd',
 * display_value? } (spec 02 §3). A bare string or a Date is accepted and wrapped. Prints in the
 * tenant's date format (DATE_SHORT: 11/21/2026), with no time-zone shift.
 */
export const datePicker: FieldType<DateTimeValue> = {
  key: 'date-picker',
  family: 'date',
  holdsValue: true,
  value: dateTimeValueSchema,
  defaultParams: {},
  filterKind: 'date',
  normalise: (raw) => normaliseDateTime(raw, toDate),
  validate: (value, field) => (isDate(value.value) ? [] : [fieldMessages.date(field)]),
  toText: (value, _field, context) => formatDate(value.value, context),
};
