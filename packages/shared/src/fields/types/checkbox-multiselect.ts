import type { FieldType } from '../types.ts';
import { selectListMultiple } from './select-list-multiple.ts';

/**
 * checkbox-multiselect: the same value as select-list-multiple, a list of option keys
 * (string | number)[], shown as checkboxes. Selection bounds apply.
 */
export const checkboxMultiselect: FieldType<(string | number)[]> = { ...selectListMultiple, key: 'checkbox-multiselect' };
