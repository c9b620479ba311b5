import { valueless } from '../checks-rich.ts';

/** view-list: a list of the records associated with this record (params entityTypeTarget, targetEntityField). Holds no value of its own. */
export const viewList = valueless('view-list', 'input', {});
