import { defineField } from './common/define.tsx';
import { JsonArrayEditor } from './common/TextEditors.tsx';

/** json-array: a JSON array, typed as JSON. */
export const jsonArray = defineField<unknown[]>('json-array', JsonArrayEditor);
