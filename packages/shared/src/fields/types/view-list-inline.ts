import { valueless } from '../checks-rich.ts';

/** view-list-inline: the associated records of view-list, shown inline in the form. Holds no value of its own. */
export const viewListInline = valueless('view-list-inline', 'input', {});
