import {
  canonicalTimestamp,
  type DateTimeValue,
  dateTimeValueSchema,
  formatTimestamp,
  normaliseDateTime,
  parseTimestamp,
} from '../checks-basic.ts';
import { fieldMessages } from '../messages.ts';
import type { FieldType } from '../types.ts';

/**
 * date-time-picker: an instant, stored as a date-time value { value: ISO timestamp,
 * display_value? } (spec 02 §3). The timestamp must carry a zone (Z or ±HH:mm) and is stored
 * in UTC ('2026-11-21T20:04:05.000Z'), so stored values compare as text. A bare string or a
 * Date is accepted. Prints date and time in the tenant's time zone and formats.
 */
export const dateTimePicker: FieldType<DateTimeValue> = {
  key: 'date-time-picker',
  family: 'date',
  holdsValue: true,
  value: dateTimeValueSchema,
  defaultParams: {},
  filterKind: 'date',
  normalise: (raw) => normaliseDateTime(raw, canonicalTimestamp),
  validate: (value, field) => (parseTimestamp(value.value) === undefined ? [fieldMessages.date(field)] : []),
  toText: (value, _field, context) => formatTimestamp(value.value, context),
};
