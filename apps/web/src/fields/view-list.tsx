import { AssociatedRecords } from './common/associated.tsx';
import { defineField } from './common/define.tsx';
import type { FieldEditorProps } from './types.ts';

const ViewList = (props: FieldEditorProps<never>) => <AssociatedRecords {...props} inline={false} />;

/** view-list: a 'View associated records' link to the records that point at this one. */
export const viewList = defineField<never>('view-list', ViewList, () => null);
