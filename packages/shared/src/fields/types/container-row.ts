import { valueless } from '../checks-rich.ts';

/** container-row: its child fields (params fieldList, by id or offline_id) side by side. Holds no value of its own. */
export const containerRow = valueless('container-row', 'container', { fieldList: [] });
