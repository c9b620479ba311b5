import { z } from 'zod';
import { LONG_TEXT_MAX_LENGTH, TEXT_MAX_LENGTH } from '../constants.ts';

/** A notice on a department's notice board: the example tenant-owned record of the foundation. */
export const notice = z.object({
  id: z.string(),
  tenant_id: z.string(),
  title: z.string(),
  body: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type Notice = z.infer<typeof notice>;

export const createNoticeBody = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'The title field is required.')
    .max(TEXT_MAX_LENGTH, `The title may not be greater than ${TEXT_MAX_LENGTH} characters.`),
  body: z.string().max(LONG_TEXT_MAX_LENGTH, `The body may not be greater than ${LONG_TEXT_MAX_LENGTH} characters.`).default(''),
});
export type CreateNoticeBody = z.infer<typeof createNoticeBody>;
