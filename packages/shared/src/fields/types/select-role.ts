import * as z from 'zod/mini';
import { ALL_ROLES, isRoleKey, roleLabel } from '../../roles.ts';
import { normaliseKey } from '../checks-basic.ts';
import { fieldMessages } from '../messages.ts';
import type { FieldType } from '../types.ts';

export const isRoleChoice = (key: string): boolean => key === ALL_ROLES || isRoleKey(key);

/** select-role: one role, stored as its role key ('Tenant Admin') or 'ALL'; prints the role's label ('Fire Chief'). */
export const selectRole: FieldType<string> = {
  key: 'select-role',
  family: 'selector',
  holdsValue: true,
  value: z.string(),
  defaultParams: {},
  filterKind: 'none',
  normalise: normaliseKey,
  validate: (value, field) => (isRoleChoice(value) ? [] : [fieldMessages.notAnOption(field)]),
  toText: (value) => roleLabel(value),
};
