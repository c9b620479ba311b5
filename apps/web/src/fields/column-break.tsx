import { defineField } from './common/define.tsx';

/** The form moves to the next column at this field; the component itself is an invisible marker. */
const ColumnBreak = () => <div data-column-break aria-hidden hidden />;

/** column-break: the form's layout handles it (spec 02 §2 'Multi-page dynamic form'). */
export const columnBreak = defineField<never>('column-break', ColumnBreak, () => null);
