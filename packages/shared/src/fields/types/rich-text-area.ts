import * as z from 'zod/mini';
import { checkLength } from '../checks.ts';
import { htmlToText, isHtmlEmpty, normaliseText } from '../checks-basic.ts';
import type { FieldType } from '../types.ts';
import { LONG_TEXT_MAX } from './textarea.ts';

/** Rich text's editor height (spec 02 §3 'maxHeight (rich text default 400)'). */
export const RICH_TEXT_MAX_HEIGHT = 400;

/**
 * rich-text-area: formatted text, stored as an HTML string of at most 65536 characters. HTML
 * with no text and no media ('<p><br></p>') is empty. Prints the text without tags, basic
 * entities decoded, one line per paragraph or line break.
 */
export const richTextArea: FieldType<string> = {
  key: 'rich-text-area',
  family: 'text',
  holdsValue: true,
  value: z.string(),
  defaultParams: { maxHeight: RICH_TEXT_MAX_HEIGHT },
  filterKind: 'none',
  normalise: normaliseText,
  isEmpty: isHtmlEmpty,
  validate: (value, field) => checkLength(field, value, LONG_TEXT_MAX),
  toText: htmlToText,
};
