import { defineField } from './common/define.tsx';
import { CheckboxListEditor } from './common/OptionEditors.tsx';
import type { FieldEditorProps } from './types.ts';

const AdhocCheckboxes = (props: FieldEditorProps<(string | number)[]>) => <CheckboxListEditor {...props} creatable />;

/** checkbox-multiselect-adhoc: checkboxes plus 'Other' entries, within min/max selections. */
export const checkboxMultiselectAdhoc = defineField<(string | number)[]>('checkbox-multiselect-adhoc', AdhocCheckboxes);
