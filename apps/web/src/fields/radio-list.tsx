import { defineField } from './common/define.tsx';
import { RadioListEditor } from './common/OptionEditors.tsx';

/** radio-list: radio buttons, a row up to 3 options, a list otherwise. */
export const radioList = defineField<string | number>('radio-list', RadioListEditor);
