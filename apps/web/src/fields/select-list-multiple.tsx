import { defineField } from './common/define.tsx';
import { OptionMultiSelectEditor, OptionPickDisplay } from './common/OptionEditors.tsx';

/** select-list-multiple: several of the field's options in a dropdown, within the selection bounds. */
export const selectListMultiple = defineField<(string | number)[]>('select-list-multiple', OptionMultiSelectEditor, OptionPickDisplay);
