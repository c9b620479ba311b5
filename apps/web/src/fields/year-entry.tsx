import { defineField } from './common/define.tsx';
import { YearEditor } from './common/NumberEditors.tsx';

/** year-entry (spec 02 §3, §5). */
export const yearEntry = defineField<number>('year-entry', YearEditor);
