import * as z from 'zod/mini';
import { isRecord, richMessages } from '../checks-rich.ts';
import type { FieldType } from '../types.ts';

/** A stored file reference (also a saved signature). */
export const fileReference = z.object({
  id: z.string().check(z.minLength(1)),
  original_name: z.optional(z.string()),
  url: z.optional(z.string()),
  path: z.optional(z.string()),
  size_bytes: z.optional(z.int().check(z.nonnegative())),
  md5: z.optional(z.string()),
  is_restricted: z.optional(z.boolean()),
});
export type FileReference = z.infer<typeof fileReference>;

/** Drops null parts and makes a numeric id text, so a reference from JSON fits the shape. */
export function normaliseFileReference(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const ref = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null && v !== undefined));
  return typeof ref.id === 'number' ? { ...ref, id: String(ref.id) } : ref;
}

const nameOf = (f: FileReference) => f.original_name || (f.path ?? f.url ?? '').split('?')[0]?.split('/').pop() || f.id;

/**
 * single-file: a list of file references `{ id, original_name?, url?, path?, size_bytes?, md5?,
 * is_restricted? }`; one object is taken as a list of one. More than one only with
 * params.allowMultipleUploads (spec 02 §5 'File field'). Unknown keys are not stored.
 */
export const singleFile: FieldType<FileReference[]> = {
  key: 'single-file',
  family: 'input',
  holdsValue: true,
  value: z.array(fileReference),
  defaultParams: { fileType: 'image', allowMultipleUploads: false },
  filterKind: 'none',
  normalise: (raw) => {
    const list = isRecord(raw) ? [raw] : raw;
    return Array.isArray(list) ? list.map(normaliseFileReference) : list;
  },
  validate: (value, field) => (value.length > 1 && !field.params?.allowMultipleUploads ? [richMessages.oneFile(field)] : []),
  toText: (value) => value.map(nameOf).join(', '),
};
