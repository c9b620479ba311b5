import type { DateTimeValue } from '@turnout/shared';
import { DateTimeDisplay, DateTimePickerEditor } from './common/DateEditors.tsx';
import { defineField } from './common/define.tsx';

/** date-time-picker in the tenant's formats (Luxon), with the Mantine dates picker. */
export const dateTimePicker = defineField<DateTimeValue>('date-time-picker', DateTimePickerEditor, DateTimeDisplay);
