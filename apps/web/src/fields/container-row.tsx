import { ContainerRow } from './common/containers.tsx';
import { defineField } from './common/define.tsx';

/** container-row: renders its child fields (params.fieldList) through record.renderFields. */
export const containerRow = defineField<unknown>('container-row', ContainerRow, () => null);
