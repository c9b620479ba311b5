import type { FieldDefinition } from '@turnout/shared';
import { fieldTypeOf, type TextContext } from '@turnout/shared';
import type { FieldRecordContext } from '../types.ts';

/** The tenant's formats and zone as the shared toText wants them. */
export const textContext = (record: Pick<FieldRecordContext, 'dateFormat' | 'timeFormat' | 'timeZone'>): TextContext => ({
  dateFormat: record.dateFormat,
  timeFormat: record.timeFormat,
  timeZone: record.timeZone,
});

const isEmptyValue = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * A value as plain text through the shared half of its type: normalised, shape-checked, then
 * toText. A value of the wrong shape prints as '' (never throws: a bad stored value must not
 * break the screen).
 */
export function valueText(
  field: FieldDefinition,
  value: unknown,
  record: Pick<FieldRecordContext, 'dateFormat' | 'timeFormat' | 'timeZone'>,
): string {
  if (isEmptyValue(value)) return '';
  const type = fieldTypeOf(field.type);
  try {
    const normal = type.normalise ? type.normalise(value, field) : value;
    if (isEmptyValue(normal)) return '';
    const parsed = type.value.safeParse(normal);
    if (!parsed.success) return typeof value === 'string' ? value : '';
    return type.toText(parsed.data as never, field, textContext(record));
  } catch {
    return '';
  }
}
