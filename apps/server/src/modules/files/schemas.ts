import { PAGE_SIZE } from '@turnout/shared';
import { z } from 'zod';

/** The record a file belongs to, as a file shows it. */
export const fileEntity = z.object({
  id: z.string(),
  entity_type_id: z.string().nullable(),
  display_name: z.string(),
  uri: z.string().nullable(),
});

/**
 * A file (spec 01 §3 'File': id, original_name, url, path, size_bytes, created_at, entity,
 * md5), with what a client needs beside it: its type, who may read it, its field and offline id.
 */
export const fileResource = z.object({
  id: z.string(),
  original_name: z.string(),
  url: z.string(),
  path: z.string(),
  size_bytes: z.number().int(),
  created_at: z.string(),
  entity: fileEntity.nullable(),
  md5: z.string(),
  mime_type: z.string(),
  is_restricted: z.boolean(),
  visible_to: z.array(z.string()),
  entity_field_id: z.string().nullable(),
  offline_id: z.string().nullable(),
  created_by: z.string().nullable(),
});
export type FileResource = z.infer<typeof fileResource>;

export const fileParams = z.object({ id: z.string().max(100) });

/** GET /files: page, per_page and filter[display_name] (spec 01 §7), plus filter[file_type]. */
export const fileListQuery = z.looseObject({
  page: z.coerce.number().int().min(1, 'The page must be at least 1.').default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1, 'The per page must be at least 1.')
    .max(PAGE_SIZE.max, `The per page may not be greater than ${PAGE_SIZE.max}.`)
    .default(PAGE_SIZE.default),
});

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['', '0', '1', 'true', 'false', 'on', 'off', 'yes', 'no'].includes(v), 'The is restricted field must be true or false.')
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const optionalText = (max: number, name: string) =>
  z
    .string()
    .trim()
    .max(max, `The ${name} may not be greater than ${max} characters.`)
    .transform((v) => (v === '' ? undefined : v))
    .optional();

/** The text fields of POST /files, as received (multipart fields are all text). */
export const uploadFields = z.object({
  entity_field_id: optionalText(100, 'entity field id').refine(
    (v) => v === undefined || /^[A-Za-z0-9_.-]+$/.test(v),
    'The entity field id must be a field property or id.',
  ),
  is_restricted: flag.optional(),
  client_entity_id: optionalText(255, 'client entity id'),
  offline_id: optionalText(255, 'offline id'),
  md5: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => v === '' || /^[0-9a-f]{32}$/.test(v), 'The md5 must be 32 hexadecimal characters.')
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  name: optionalText(255, 'name'),
  visible_to: z.array(z.string().trim().min(1).max(100)).max(40, 'The visible to list may not have more than 40 roles.').default([]),
});
export type UploadFields = z.infer<typeof uploadFields>;
