import type { FieldType } from '../types.ts';
import { selectList } from './select-list.ts';

/** radio-list: the same value as select-list, one option key (string | number), shown as radio buttons. */
export const radioList: FieldType<string | number> = { ...selectList, key: 'radio-list' };
