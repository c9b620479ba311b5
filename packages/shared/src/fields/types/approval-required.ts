import * as z from 'zod/mini';
import type { FieldType } from '../types.ts';

const approval = z.object({ approved_at: z.nullish(z.string()), value: z.boolean() });
type Approval = z.infer<typeof approval>;

/**
 * approval-required (deprecated in favour of per-field approvers): an approval value
 * `{ approved_at, value }` (spec 02 §3); Approve saves value true with the time (§4 'Approval').
 * A bare boolean is taken as the value. Not approved counts as empty, so a required one must be
 * approved. Text: 'Item is approved.'.
 */
export const approvalRequired: FieldType<Approval> = {
  key: 'approval-required',
  family: 'input',
  holdsValue: true,
  value: approval,
  defaultParams: {},
  filterKind: 'none',
  normalise: (raw) => (typeof raw === 'boolean' ? { value: raw } : raw),
  isEmpty: (value) => value.value !== true,
  validate: () => [],
  toText: (value) => (value.value === true ? 'Item is approved.' : ''),
};
