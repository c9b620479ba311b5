import { describe, expect, it } from 'vitest';
import {
  cleanIdentifier,
  IDENTIFIER_PATTERN,
  nameAfterLabel,
  optionKeyFromLabel,
  propertyFromTitle,
  uniqueProperty,
} from './identifier.ts';

describe('the identifier of a type', () => {
  it('follows the label until it is typed by hand or the type is saved', () => {
    expect(nameAfterLabel({ name: '', edited: false }, 'Daily Apparatus Check', false)).toBe('daily_apparatus_check');
    expect(nameAfterLabel({ name: 'x', edited: false }, 'Hose Test – 2026', false)).toBe('hose_test_2026');
    expect(nameAfterLabel({ name: 'my_name', edited: true }, 'Other', false)).toBe('my_name');
    expect(nameAfterLabel({ name: 'saved_name', edited: false }, 'Renamed', true)).toBe('saved_name');
    expect(nameAfterLabel({ name: 'x', edited: false }, '   ', false)).toBe('');
    expect(nameAfterLabel({ name: '', edited: false }, '3rd Shift Log', false)).toBe('type_3rd_shift_log');
  });

  it('is cleaned as it is typed', () => {
    expect(cleanIdentifier('My Type!')).toBe('my_type_');
    expect(cleanIdentifier('9lives')).toBe('lives');
    expect(IDENTIFIER_PATTERN.test(cleanIdentifier('Équipe Rouge'.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')))).toBe(true);
  });
});

describe('the property of a field', () => {
  it('comes from the title', () => {
    expect(propertyFromTitle('Date of birth')).toBe('date_of_birth');
    expect(propertyFromTitle('2nd alarm')).toBe('field_2nd_alarm');
    expect(propertyFromTitle('Type of call')).toBe('type_of_call');
    expect(propertyFromTitle('')).toBe('');
  });

  it('is made unique within the type, case-insensitively', () => {
    expect(uniqueProperty('notes', ['title'])).toBe('notes');
    expect(uniqueProperty('notes', ['Notes', 'notes_2'])).toBe('notes_3');
  });
});

describe('the key of an option', () => {
  it('comes from its label', () => {
    expect(optionKeyFromLabel('2.5 in')).toBe('2_5_in');
    expect(optionKeyFromLabel('Engine / Driver')).toBe('engine_driver');
    expect(optionKeyFromLabel('  ')).toBe('');
  });
});
