import type { FieldType } from '../types.ts';
import { numberSlider } from './number-slider.ts';

/** number-counter: the same value as number-slider, a number between min and max (default 0 and 100). */
export const numberCounter: FieldType<number> = { ...numberSlider, key: 'number-counter' };
