import type { FieldDefinition } from './types.ts';

/** Validation texts of spec 02 §5, and ours where the spec shows none (noted). */
export const fieldMessages = {
  required: (f: FieldDefinition) => `${f.title} is a required field.`,
  tooLong: (f: FieldDefinition, max: number, n: number) => `${f.title} must be less than ${max} characters long. (Currently ${n})`,
  // Not shown in the spec; written in the same voice.
  invalid: (f: FieldDefinition) => `${f.title} is not valid.`,
  min: (f: FieldDefinition, min: number) => `${f.title} must be at least ${min}.`,
  max: (f: FieldDefinition, max: number) => `${f.title} may not be greater than ${max}.`,
  integer: (f: FieldDefinition) => `${f.title} must be a whole number.`,
  digits: (f: FieldDefinition, digits: number) => `${f.title} must be ${digits} digits.`,
  minSelections: (f: FieldDefinition, min: number) => `${f.title} needs at least ${min} selections.`,
  maxSelections: (f: FieldDefinition, max: number) => `${f.title} may have at most ${max} selections.`,
  notAnOption: (f: FieldDefinition) => `${f.title} has a choice that is not one of its options.`,
  email: (f: FieldDefinition) => `${f.title} must be a valid email address.`,
  date: (f: FieldDefinition) => `${f.title} must be a valid date.`,
  range: (f: FieldDefinition) => `${f.title} must end after it starts.`,
} as const;
