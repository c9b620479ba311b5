import { defineField } from './common/define.tsx';
import { TextareaEditor } from './common/TextEditors.tsx';

/** textarea: several lines, at most 65536 characters. */
export const textarea = defineField<string>('textarea', TextareaEditor);
