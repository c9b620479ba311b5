import { defineField } from './common/define.tsx';
import { OptionPickDisplay, OptionSelectEditor } from './common/OptionEditors.tsx';

/** select-list: one of the field's options in a dropdown. */
export const selectList = defineField<string | number>('select-list', OptionSelectEditor, OptionPickDisplay);
