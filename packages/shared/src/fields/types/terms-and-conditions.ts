import * as z from 'zod/mini';
import { formatStamp } from '../checks-rich.ts';
import { fieldMessages } from '../messages.ts';
import type { FieldType } from '../types.ts';

const personId = z.nullish(z.union([z.string(), z.number()]));
const acceptance = z.object({
  checked: z.nullish(z.boolean()),
  checkedBy: personId,
  checkedByName: z.nullish(z.string()),
  declineChecked: z.nullish(z.boolean()),
  declinedBy: personId,
  declinedByName: z.nullish(z.string()),
  checkedAt: z.nullish(z.string()),
  display_value: z.nullish(z.string()),
});
type Acceptance = z.infer<typeof acceptance>;

/**
 * terms-and-conditions: an acceptance value `{ checked, checkedBy, checkedByName, declineChecked,
 * declinedBy, declinedByName, checkedAt, display_value }` (spec 02 §3, §4 'Terms and acceptance').
 * Empty until accepted or declined; both at once is not valid. checkedAt stamps either choice.
 * params.acceptDecline is 'Decline Passes Validation': without it, a decline does not satisfy
 * `required` ('{title} is a required field.'); a field that is not required may be declined.
 */
export const termsAndConditions: FieldType<Acceptance> = {
  key: 'terms-and-conditions',
  family: 'input',
  holdsValue: true,
  value: acceptance,
  defaultParams: { termsText: '', acceptDecline: false },
  filterKind: 'none',
  isEmpty: (value) => !value.checked && !value.declineChecked,
  validate: (value, field) => {
    if (value.checked && value.declineChecked) return [fieldMessages.invalid(field)];
    const declineFails = value.declineChecked && field.validation?.required && field.params?.acceptDecline !== true;
    return declineFails ? [fieldMessages.required(field)] : [];
  },
  toText: (value, _field, context) => {
    if (!value.checked && !value.declineChecked) return '';
    const [verb, name] = value.checked ? ['Agreed', value.checkedByName] : ['Declined', value.declinedByName];
    const at = value.checkedAt ? ` at ${formatStamp(value.checkedAt, context)}` : '';
    return `${verb}${name ? ` by ${name}` : ''}${at}`;
  },
};
