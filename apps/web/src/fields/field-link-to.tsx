import { defineField } from './common/define.tsx';
import { LinkField } from './common/LinkField.tsx';
import type { FieldEditorProps } from './types.ts';

const FieldLink = (props: FieldEditorProps<never>) => <LinkField {...props} as="link" />;

/** field-link-to: a link to a URL, a new record, a list, the current time sheet or handbook, a file, a report or a field's value. */
export const fieldLinkTo = defineField<never>('field-link-to', FieldLink, () => null);
