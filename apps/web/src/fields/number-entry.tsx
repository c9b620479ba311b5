import type { NumberRange } from '@turnout/shared/fields/types/number-entry';
import { defineField } from './common/define.tsx';
import { NumberEntryEditor } from './common/NumberEditors.tsx';

/** number-entry (spec 02 §3, §5). */
export const numberEntry = defineField<number | NumberRange>('number-entry', NumberEntryEditor);
