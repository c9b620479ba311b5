import * as z from 'zod/mini';
import { checkLength } from '../checks.ts';
import { fieldMessages } from '../messages.ts';
import type { FieldType } from '../types.ts';
import { SINGLE_TEXT_MAX } from './single-text.ts';

/** The HTML form rule for an email address, with a dot required in the domain. */
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** email: an email address, stored as a trimmed string of at most 255 characters. */
export const email: FieldType<string> = {
  key: 'email',
  family: 'text',
  holdsValue: true,
  value: z.string(),
  defaultParams: {},
  filterKind: 'none',
  normalise: (raw) => (typeof raw === 'string' ? raw.trim() || null : raw),
  validate: (value, field) => [...checkLength(field, value, SINGLE_TEXT_MAX), ...(EMAIL.test(value) ? [] : [fieldMessages.email(field)])],
  toText: (value) => value,
};
