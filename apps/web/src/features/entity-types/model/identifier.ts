import { identifierFromLabel } from '@turnout/shared';

/**
 * Identifiers (spec 03 §2 'Setup': 'identifier derived from the label'). A type's name follows
 * its label until the admin types one, and is fixed once the type is saved (it is the permission
 * key and the API path). A field's property follows its title the same way until the field is
 * saved, and is kept unique within the type.
 */

export interface NameState {
  name: string;
  /** The admin typed the identifier: it no longer follows the label. */
  edited: boolean;
}

/** The identifier after the label changed. A saved type keeps its name. */
export function nameAfterLabel(state: NameState, label: string, saved: boolean): string {
  if (saved || state.edited) return state.name;
  return label.trim() === '' ? '' : identifierFromLabel(label);
}

/** What the admin typed as an identifier, made valid: lowercase letters, digits and underscores, starting with a letter. */
export function cleanIdentifier(typed: string): string {
  return typed
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .slice(0, 100);
}

export const IDENTIFIER_PATTERN = /^[a-z][a-z0-9_]*$/;
export const PROPERTY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A field property from its title: 'Date of birth' → 'date_of_birth'; '2nd alarm' → 'field_2nd_alarm'. */
export function propertyFromTitle(title: string): string {
  if (title.trim() === '') return '';
  const base = identifierFromLabel(title);
  return base.startsWith('type_') && !/^type/i.test(title.trim()) ? `field_${base.slice(5)}` : base;
}

/** `property`, or property_2, property_3 … when another field of the type has it (case-insensitive). */
export function uniqueProperty(property: string, taken: readonly string[]): string {
  const used = new Set(taken.map((p) => p.toLowerCase()));
  if (!used.has(property.toLowerCase())) return property;
  let n = 2;
  while (used.has(`${property}_${n}`.toLowerCase())) n += 1;
  return `${property}_${n}`;
}

/** An option's key from its label: '2.5 in' → '2_5_in' (keys may start with a digit). */
export function optionKeyFromLabel(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 100);
}
