import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';
import { customFunctionality } from './custom-functionality.ts';

const field = (customFunctionalityType: string): FieldDefinition => ({
  property: 'custom',
  title: 'Custom',
  type: 'custom-functionality',
  params: { customFunctionalityType },
});

describe('custom-functionality', () => {
  it('is registered and keeps any JSON value', () => {
    expect(fieldTypeOf('custom-functionality')).toBe(customFunctionality);
    const pull = { count: 3, pulled: ['a', 'b'] };
    expect(validateField(field('random-entity-pull'), pull)).toEqual({ value: pull, errors: [] });
  });

  it('refuses values that are not JSON', () => {
    expect(validateField(field('xml-field-mapper'), { when: new Date(0) }).errors).toEqual(['Custom is not valid.']);
  });

  it('prints the activation status when it is text, and nothing for other kinds', () => {
    expect(fieldText(field('activation-status'), 'Verified')).toBe('Verified');
    expect(fieldText(field('activation-status'), { status: 'Pending' })).toBe('Pending');
    expect(fieldText(field('activation-status'), { status: true })).toBe('');
    expect(fieldText(field('timesheet-punch-card'), 'Verified')).toBe('');
  });
});
