import type { DateRangeValue } from '@turnout/shared/fields/types/date-range';
import { DateRangeEditor } from './common/DateEditors.tsx';
import { defineField } from './common/define.tsx';

/** date-range: from and to, in the tenant's date format. */
export const dateRange = defineField<DateRangeValue>('date-range', DateRangeEditor);
