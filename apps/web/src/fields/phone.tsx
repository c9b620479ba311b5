import { defineField } from './common/define.tsx';
import { LineEditor } from './common/TextEditors.tsx';
import type { FieldEditorProps } from './types.ts';

const PhoneEditor = (props: FieldEditorProps<string>) => (
  <LineEditor {...props} input={{ type: 'tel', autoComplete: 'tel', inputMode: 'tel' }} />
);

/** phone: a phone number as typed (digits, spaces and ( ) . - +). */
export const phone = defineField<string>('phone', PhoneEditor);
