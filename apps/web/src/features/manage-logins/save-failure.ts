import { ApiError, isSignedOut } from '../../api/index.ts';

export interface SaveFailure {
  /** First message per form field, keyed by the field's property. */
  fields: Record<string, string>;
  /** For a danger toast: what belongs to no field of the form, or null. */
  toast: string | null;
}

/**
 * Splits a failed save into per-field messages (422, keyed `person.email_address` or
 * `email_address`) for the fields the form has, and a toast for everything else.
 */
export function saveFailure(error: unknown, wrapper: string, formFields: readonly string[]): SaveFailure {
  if (isSignedOut(error)) return { fields: {}, toast: null };
  if (!(error instanceof ApiError)) return { fields: {}, toast: error instanceof Error ? error.message : String(error) };
  const fields: Record<string, string> = {};
  const others: string[] = [];
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const field = key.startsWith(`${wrapper}.`) ? key.slice(wrapper.length + 1) : key;
    const first = messages[0];
    if (!first) continue;
    if (formFields.includes(field) && !(field in fields)) fields[field] = first;
    else others.push(first);
  }
  if (others.length > 0) return { fields, toast: others.join(' ') };
  if (Object.keys(fields).length > 0) return { fields, toast: null };
  return { fields, toast: error.statusCode === 0 ? `The server cannot be reached (${error.message}).` : error.message };
}
