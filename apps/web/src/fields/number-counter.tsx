import { defineField } from './common/define.tsx';
import { CounterEditor } from './common/NumberEditors.tsx';

/** number-counter (spec 02 §3, §5). */
export const numberCounter = defineField<number>('number-counter', CounterEditor);
