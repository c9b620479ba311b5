import { AssociatedRecords } from './common/associated.tsx';
import { defineField } from './common/define.tsx';
import type { FieldEditorProps } from './types.ts';

const ViewListInline = (props: FieldEditorProps<never>) => <AssociatedRecords {...props} inline />;

/** view-list-inline: the associated records listed in the form, and the link to all of them. */
export const viewListInline = defineField<never>('view-list-inline', ViewListInline, () => null);
