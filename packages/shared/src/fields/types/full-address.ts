import * as z from 'zod/mini';
import { TEXT_MAX_LENGTH } from '../../constants.ts';
import { checkParts, isRecord, stringParts } from '../checks-rich.ts';
import type { FieldType } from '../types.ts';

/** The parts of an address and how messages name them. */
export const ADDRESS_PARTS = {
  locationType: 'location type',
  milepostNumber: 'milepost',
  addressPrefix: 'prefix',
  street: 'street',
  streetType: 'street type',
  addressSuffix: 'suffix',
  aptSuiteRoomNum: 'apt/suite/room',
  city: 'city',
  state: 'state',
  zipcode: 'ZIP code',
  crossStreet: 'cross street',
} as const;

const part = z.optional(z.string());
export const address = z.object({
  locationType: part,
  milepostNumber: part,
  addressPrefix: part,
  street: part,
  streetType: part,
  addressSuffix: part,
  aptSuiteRoomNum: part,
  city: part,
  state: part,
  zipcode: part,
  crossStreet: part,
  display_name: part,
});
export type Address = z.infer<typeof address>;

const join = (parts: (string | undefined)[], by: string) => parts.filter(Boolean).join(by);

/** '[Milepost n ]prefix street type suffix apt, city, state zip'; location type and cross street are left out. */
export function addressDisplayName(a: Address): string {
  const milepost = a.milepostNumber ? `Milepost ${a.milepostNumber}` : undefined;
  const line = join([milepost, a.addressPrefix, a.street, a.streetType, a.addressSuffix, a.aptSuiteRoomNum], ' ');
  return join([line, a.city, join([a.state, a.zipcode], ' ')], ', ');
}

/** Parts trimmed (numbers as text), display_name built when missing, no parts at all is empty. */
export function normaliseAddress(raw: unknown): unknown {
  const p = stringParts(raw, [...Object.keys(ADDRESS_PARTS), 'display_name']);
  if (!isRecord(p)) return p;
  if (!Object.keys(ADDRESS_PARTS).some((k) => p[k] !== undefined)) return null;
  return { ...p, display_name: p.display_name ?? addressDisplayName(p as Address) };
}

/**
 * full-address: an address `{ locationType, milepostNumber, addressPrefix, street, streetType,
 * addressSuffix, aptSuiteRoomNum, city, state, zipcode, crossStreet, display_name }` (spec 02 §3
 * 'Address'), each part text of at most 255 characters.
 */
export const fullAddress: FieldType<Address> = {
  key: 'full-address',
  family: 'input',
  holdsValue: true,
  value: address,
  defaultParams: {},
  filterKind: 'none',
  normalise: normaliseAddress,
  validate: (value, field) => checkParts(field, value, ADDRESS_PARTS, () => TEXT_MAX_LENGTH),
  toText: (value) => value.display_name ?? addressDisplayName(value),
};
