import type { FieldType } from '../types.ts';
import { richTextArea } from './rich-text-area.ts';

/** description-rich-text: the same value as rich-text-area, an HTML string of at most 65536 characters. */
export const descriptionRichText: FieldType<string> = { ...richTextArea, key: 'description-rich-text' };
