import { defineField } from './common/define.tsx';
import { LinkField } from './common/LinkField.tsx';
import type { FieldEditorProps } from './types.ts';

const FieldButton = (props: FieldEditorProps<never>) => <LinkField {...props} as="button" />;

/** field-button: the link targets of field-link-to as a button (button_style primary or outline, show_button_label). */
export const fieldButton = defineField<never>('field-button', FieldButton, () => null);
