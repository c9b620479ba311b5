/**
 * What a CSV upload answers (spec 03). Apart from the job schemas: a list shows it, and its
 * first JavaScript carries no zod for them (issue 20).
 */
export const IMPORT_MESSAGES = {
  uploaded: 'Data file uploaded successfully.',
} as const;
