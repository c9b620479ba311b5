import { ApiError, isSignedOut } from '../../api/index.ts';

export const ERROR_SAVING_PERMISSIONS = 'Error saving permissions';

/** What a failed permission call says to a person: the per-field messages of a 422, else the message. Null after a sign-out. */
export function failureText(error: unknown): string | null {
  if (isSignedOut(error)) return null;
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.statusCode === 0) return `The server cannot be reached (${error.message}).`;
  const fields = Object.values(error.fieldErrors).flat();
  return fields.length > 0 ? fields.join(' ') : error.message;
}
