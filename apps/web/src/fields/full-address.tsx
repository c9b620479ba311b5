import { addressDisplayName } from '@turnout/shared/fields/types/full-address';
import { defineField } from './common/define.tsx';
import { type Part, PartsEditor } from './common/PartsEditor.tsx';
import { STATE_CHOICES } from './select-state.tsx';
import type { FieldEditorProps } from './types.ts';

type Address = Record<string, string | undefined>;

export const ADDRESS_FIELDS: Part[] = [
  { key: 'locationType', label: 'Location type' },
  { key: 'milepostNumber', label: 'Milepost' },
  { key: 'addressPrefix', label: 'Prefix' },
  { key: 'street', label: 'Street', autoComplete: 'address-line1' },
  { key: 'streetType', label: 'Street type' },
  { key: 'addressSuffix', label: 'Suffix' },
  { key: 'aptSuiteRoomNum', label: 'Apt/Suite/Room', autoComplete: 'address-line2' },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State', choices: STATE_CHOICES },
  { key: 'zipcode', label: 'ZIP code', autoComplete: 'postal-code' },
  { key: 'crossStreet', label: 'Cross street' },
];

const AddressEditor = (props: FieldEditorProps<Address>) => (
  <PartsEditor {...props} parts={ADDRESS_FIELDS} displayName={addressDisplayName} columns={3} />
);

/** full-address: the parts of spec 02 §3 'Address'. */
export const fullAddress = defineField<Address>('full-address', AddressEditor);
