import { TEXT_MAX_LENGTH } from '../../constants.ts';
import { checkParts } from '../checks-rich.ts';
import type { FieldDefinition, FieldType } from '../types.ts';
import { ADDRESS_PARTS, type Address, fullAddress } from './full-address.ts';

/** The limit of one part: params.nfirs_max_length as one number for every part, or per part name. */
function nfirsMax(field: FieldDefinition, part: string): number {
  const limits = field.params?.nfirs_max_length;
  const n =
    typeof limits === 'number' ? limits : limits && typeof limits === 'object' ? (limits as Record<string, unknown>)[part] : undefined;
  return typeof n === 'number' && n > 0 ? n : TEXT_MAX_LENGTH;
}

/**
 * full-address-nfirs: the address of full-address, for NFIRS reports. params.nfirs_max_length
 * limits the parts: a number limits every part, an object `{ street: 30, city: 20 }` limits the
 * parts it names; other parts keep 255. No NFIRS limits are assumed when none are given.
 */
export const fullAddressNfirs: FieldType<Address> = {
  ...fullAddress,
  key: 'full-address-nfirs',
  validate: (value, field) => checkParts(field, value, ADDRESS_PARTS, (part) => nfirsMax(field, part)),
};
