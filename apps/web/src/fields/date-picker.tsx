import type { DateTimeValue } from '@turnout/shared';
import { DateDisplay, DatePickerEditor } from './common/DateEditors.tsx';
import { defineField } from './common/define.tsx';

/** date-picker in the tenant's formats (Luxon), with the Mantine dates picker. */
export const datePicker = defineField<DateTimeValue>('date-picker', DatePickerEditor, DateDisplay);
