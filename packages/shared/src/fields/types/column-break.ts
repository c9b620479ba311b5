import { valueless } from '../checks-rich.ts';

/** column-break: a break to the next form column. Holds no value of its own. */
export const columnBreak = valueless('column-break', 'display', {});
