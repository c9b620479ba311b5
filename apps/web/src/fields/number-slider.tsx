import { defineField } from './common/define.tsx';
import { SliderEditor } from './common/NumberEditors.tsx';

/** number-slider (spec 02 §3, §5). */
export const numberSlider = defineField<number>('number-slider', SliderEditor);
