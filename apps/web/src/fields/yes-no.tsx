import { defineField } from './common/define.tsx';
import { YesNoEditor } from './common/NumberEditors.tsx';

/** yes-no (spec 02 §3, §5). */
export const yesNo = defineField<boolean>('yes-no', YesNoEditor);
