import { defineField } from './common/define.tsx';

const Nothing = () => null;

/** hidden: a value kept but never shown. */
export const hidden = defineField<unknown>('hidden', Nothing, Nothing);
