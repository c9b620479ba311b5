import { valueless } from '../checks-rich.ts';

/** container-tile: its child fields (params fieldList) on a tile. Holds no value of its own. */
export const containerTile = valueless('container-tile', 'container', { fieldList: [] });
