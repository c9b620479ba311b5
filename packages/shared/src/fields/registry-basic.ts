import type { FieldTypeKey } from './keys.ts';
import { selectList } from './types/select-list.ts';
import { singleText } from './types/single-text.ts';
import type { FieldType } from './types.ts';

/** Selectors, dates, text, numbers and choices (families selector, date, text, number). */
export const BASIC_FIELD_TYPES: Partial<Record<FieldTypeKey, FieldType<never>>> = {
  'select-list': selectList as FieldType<never>,
  'single-text': singleText as FieldType<never>,
};
