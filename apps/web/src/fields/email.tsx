import { defineField } from './common/define.tsx';
import { LineEditor } from './common/TextEditors.tsx';
import type { FieldEditorProps } from './types.ts';

const EmailEditor = (props: FieldEditorProps<string>) => (
  <LineEditor {...props} input={{ type: 'email', autoComplete: 'email', inputMode: 'email' }} />
);

/** email: an email address. */
export const email = defineField<string>('email', EmailEditor);
