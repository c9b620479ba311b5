import { ContainerButton } from './common/containers.tsx';
import { defineField } from './common/define.tsx';

/** container-button: renders its child fields (params.fieldList) through record.renderFields. */
export const containerButton = defineField<unknown>('container-button', ContainerButton, () => null);
