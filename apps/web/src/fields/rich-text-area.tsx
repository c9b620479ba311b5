import { defineField } from './common/define.tsx';
import { RichTextDisplay, RichTextEditor } from './common/RichText.tsx';

/** rich-text-area: formatted text (Tiptap), editing area up to params.maxHeight (default 400). */
export const richTextArea = defineField<string>('rich-text-area', RichTextEditor, RichTextDisplay);
