import { ContainerTile } from './common/containers.tsx';
import { defineField } from './common/define.tsx';

/** container-tile: renders its child fields (params.fieldList) through record.renderFields. */
export const containerTile = defineField<unknown>('container-tile', ContainerTile, () => null);
