import { ContainerGroup } from './common/containers.tsx';
import { defineField } from './common/define.tsx';

/** container-group: renders its child fields (params.fieldList) through record.renderFields. */
export const containerGroup = defineField<unknown>('container-group', ContainerGroup, () => null);
