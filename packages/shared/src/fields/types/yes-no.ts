import type { FieldType } from '../types.ts';
import { boolean } from './boolean.ts';

/**
 * yes-no: a Yes/No choice, stored as true or false (the keys of its dropdown-boolean filter,
 * spec 02 §5). 'yes'/'no' (any case), 'true'/'false' and 1/0 are stored as booleans; 'No' is
 * an answer, so it satisfies required. Prints 'Yes' or 'No'.
 */
export const yesNo: FieldType<boolean> = { ...boolean, key: 'yes-no', filterKind: 'dropdown-boolean' };
