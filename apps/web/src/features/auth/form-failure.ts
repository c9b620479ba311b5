import { ApiError, isSignedOut } from '../../api/index.ts';

export interface FormFailure {
  /** The first server message per field the form shows. */
  fields: Record<string, string>;
  /** A message for the red banner above the form, or null. */
  banner: string | null;
}

/**
 * Turns a failed call into what a form shows (spec 01 §8): 422 messages under the fields the
 * form has, anything else in the banner. When the service itself is missing or broken (not
 * found, server error, no connection) the banner says `{unavailable}: {message}`.
 */
export function formFailure(error: unknown, formFields: readonly string[], unavailable: string): FormFailure {
  if (isSignedOut(error)) return { fields: {}, banner: null };
  if (!(error instanceof ApiError)) {
    return { fields: {}, banner: `${unavailable}: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (error.statusCode === 0) return { fields: {}, banner: `${unavailable}: the server cannot be reached (${error.message}).` };
  if (error.statusCode === 404 || error.statusCode === 405 || error.statusCode >= 500) {
    return { fields: {}, banner: `${unavailable}: ${error.message}` };
  }
  const fields: Record<string, string> = {};
  const others: string[] = [];
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const first = messages[0];
    if (!first) continue;
    if (formFields.includes(field)) fields[field] = first;
    else others.push(first);
  }
  if (others.length > 0) return { fields, banner: others.join(' ') };
  return { fields, banner: Object.keys(fields).length > 0 ? null : error.message };
}
