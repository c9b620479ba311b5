import type { DateTimeValue } from '@turnout/shared';
import { TimeDisplay, TimePickerEditor } from './common/DateEditors.tsx';
import { defineField } from './common/define.tsx';

/** time-picker in the tenant's formats (Luxon), with the Mantine dates picker. */
export const timePicker = defineField<DateTimeValue>('time-picker', TimePickerEditor, TimeDisplay);
