import { defineField } from './common/define.tsx';
import { LineEditor } from './common/TextEditors.tsx';
import type { FieldEditorProps } from './types.ts';

const ZipEditor = (props: FieldEditorProps<string>) => (
  <LineEditor {...props} input={{ inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 10, placeholder: '12345' }} />
);

/** zip-code: 5 digits or ZIP+4. */
export const zipCode = defineField<string>('zip-code', ZipEditor);
