/**
 * Field-by-field merge of a queued edit with what the server has now (docs/decisions/0034).
 * Versions come from the server, never from the device's clock.
 *
 * For each field the device changed:
 * - the server still has the value the edit started from → the device's value applies;
 * - the server has the device's value already → nothing to send;
 * - the server changed it to something else → a conflict for the person (theirs / mine).
 * Fields the device did not change are not sent, so the server's changes to them stay.
 */

export type Values = Record<string, unknown>;

/** Same comparison as the form's (null, undefined and absent are one value). */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export interface MergeResult {
  /** Device-only changes to save on top of the server's version. */
  apply: Values;
  /** Fields changed on both sides to different values: the server's value of each. */
  conflicts: Values;
  /** The device's value of each conflicting field. */
  mine: Values;
}

export function mergeEdit(changes: Values, base: Values, server: Values): MergeResult {
  const result: MergeResult = { apply: {}, conflicts: {}, mine: {} };
  for (const [property, value] of Object.entries(changes)) {
    const theirs = server[property];
    if (sameValue(theirs, base[property])) result.apply[property] = value;
    else if (!sameValue(theirs, value)) {
      result.conflicts[property] = theirs;
      result.mine[property] = value;
    }
  }
  return result;
}
