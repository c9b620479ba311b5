import { defineField } from './common/define.tsx';
import { AdhocSelectEditor, OptionPickDisplay } from './common/OptionEditors.tsx';

/** select-adhoc: a dropdown of the options that also takes a new value ('Add "…"'). */
export const selectAdhoc = defineField<string | number>('select-adhoc', AdhocSelectEditor, OptionPickDisplay);
