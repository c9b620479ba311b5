import * as z from 'zod/mini';
import { fieldMessages } from '../messages.ts';
import type { FieldType } from '../types.ts';

/** US states, the District of Columbia and the five inhabited territories, by USPS code. */
export const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
};

const byName = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code]));

/** A code in any case or a state's full name becomes the upper-case code. */
function normaliseState(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  const s = raw.trim();
  if (s === '') return null;
  return byName.get(s.toLowerCase()) ?? (s.length === 2 ? s.toUpperCase() : s);
}

/**
 * select-state: a US state, DC or territory, stored as its two-letter code ('TX'); prints
 * the name ('Texas'). A full name or a lower-case code is stored as the code.
 */
export const selectState: FieldType<string> = {
  key: 'select-state',
  family: 'selector',
  holdsValue: true,
  value: z.string(),
  defaultParams: {},
  filterKind: 'none',
  normalise: normaliseState,
  validate: (value, field) => (Object.hasOwn(US_STATES, value) ? [] : [fieldMessages.notAnOption(field)]),
  toText: (value) => US_STATES[value] ?? value,
};
