import { defineField } from './common/define.tsx';
import { CheckboxListEditor } from './common/OptionEditors.tsx';

/** checkbox-multiselect: a checkbox per option, within min/max selections. */
export const checkboxMultiselect = defineField<(string | number)[]>('checkbox-multiselect', CheckboxListEditor);
