import type { FieldType } from '../types.ts';
import { selectAdhoc } from './select-adhoc.ts';

/** radio-adhoc: the same value as select-adhoc, one option key or a free entry (string | number), shown as radio buttons. */
export const radioAdhoc: FieldType<string | number> = { ...selectAdhoc, key: 'radio-adhoc' };
