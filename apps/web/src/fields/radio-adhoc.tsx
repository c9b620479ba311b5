import { defineField } from './common/define.tsx';
import { AdhocRadioEditor } from './common/OptionEditors.tsx';

/** radio-adhoc: radio buttons plus an 'Other' entry for a new value. */
export const radioAdhoc = defineField<string | number>('radio-adhoc', AdhocRadioEditor);
