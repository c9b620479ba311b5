import * as z from 'zod/mini';
import { roleLabel } from '../../roles.ts';
import { checkSelections } from '../checks.ts';
import { normaliseKey, normaliseList } from '../checks-basic.ts';
import { fieldMessages } from '../messages.ts';
import type { FieldType } from '../types.ts';
import { isRoleChoice } from './select-role.ts';

/**
 * select-roles: several roles, stored as a list of role keys (and/or 'ALL'), string[]. A
 * single key becomes a one-item list; blanks and repeats are dropped. Prints the labels.
 */
export const selectRoles: FieldType<string[]> = {
  key: 'select-roles',
  family: 'selector',
  holdsValue: true,
  value: z.array(z.string()),
  defaultParams: {},
  filterKind: 'none',
  normalise: (raw) => normaliseList(raw, normaliseKey),
  validate: (value, field) => [
    ...(value.every(isRoleChoice) ? [] : [fieldMessages.notAnOption(field)]),
    ...checkSelections(field, value.length),
  ],
  toText: (value) => value.map(roleLabel).join(', '),
};
