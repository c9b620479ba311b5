import { defineField } from './common/define.tsx';
import { BooleanEditor } from './common/NumberEditors.tsx';

/** boolean (spec 02 §3, §5). */
export const boolean = defineField<boolean>('boolean', BooleanEditor);
