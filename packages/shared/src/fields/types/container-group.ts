import { valueless } from '../checks-rich.ts';

/** container-group: its child fields (params fieldList) in a group. Holds no value of its own. */
export const containerGroup = valueless('container-group', 'container', { fieldList: [] });
