import { defineField } from './common/define.tsx';
import { SingleTextEditor } from './common/TextEditors.tsx';

/** single-text: one line, at most 255 characters. Unknown field types render as this one. */
export const singleText = defineField<string>('single-text', SingleTextEditor);
