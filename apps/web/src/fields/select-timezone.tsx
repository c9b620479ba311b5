import { AMERICA_TIME_ZONES } from '@turnout/shared/fields/types/select-timezone';
import { defineField } from './common/define.tsx';
import { ChoiceSelect } from './common/OptionEditors.tsx';
import { valueText } from './common/text.ts';
import type { FieldEditorProps } from './types.ts';

const ZONE_CHOICES = AMERICA_TIME_ZONES.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));

function TimezoneEditor(props: FieldEditorProps<string>) {
  return (
    <ChoiceSelect
      {...(props as FieldEditorProps<string | number>)}
      choices={ZONE_CHOICES}
      readOnlyText={valueText(props.field, props.value, props.record)}
    />
  );
}

/** select-timezone: an America/ time zone (spec 02 §3). */
export const selectTimezone = defineField<string>('select-timezone', TimezoneEditor);
