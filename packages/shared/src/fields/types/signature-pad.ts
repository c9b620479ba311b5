import * as z from 'zod/mini';
import type { FieldType } from '../types.ts';
import { type FileReference, fileReference, normaliseFileReference } from './single-file.ts';

const DATA_URL = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;

/**
 * signature-pad: a PNG (or JPEG) data URL `data:image/png;base64,...` while the drawing waits for
 * upload, or the file reference of the uploaded image (spec 02 §4 'Signature'). Text: 'Signed'.
 */
export const signaturePad: FieldType<string | FileReference> = {
  key: 'signature-pad',
  family: 'input',
  holdsValue: true,
  value: z.union([z.string().check(z.regex(DATA_URL)), fileReference]),
  defaultParams: {},
  filterKind: 'none',
  normalise: (raw) => {
    const one = Array.isArray(raw) && raw.length === 1 ? raw[0] : raw;
    return typeof one === 'string' ? one.trim() : normaliseFileReference(one);
  },
  validate: () => [],
  toText: () => 'Signed',
};
