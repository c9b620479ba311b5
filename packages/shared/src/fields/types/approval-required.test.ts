import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { approvalRequired } from './approval-required.ts';

const field = { property: 'approval', title: 'Approval', type: 'approval-required', validation: { required: true } };
const approved = { approved_at: '2024-03-05T15:04:00Z', value: true };

describe('approval-required', () => {
  it('is registered; a required one must be approved', () => {
    expect(fieldTypeOf('approval-required')).toBe(approvalRequired);
    expect(validateField(field, { approved_at: null, value: false }).errors).toEqual(['Approval is a required field.']);
    expect(validateField(field, approved)).toEqual({ value: approved, errors: [] });
  });

  it('takes a bare boolean as the value and refuses other shapes', () => {
    expect(validateField(field, true)).toEqual({ value: { value: true }, errors: [] });
    expect(validateField(field, { approved_at: '2024-03-05' }).errors).toEqual(['Approval is not valid.']);
  });

  it('prints Item is approved. only when approved', () => {
    expect(fieldText(field, approved)).toBe('Item is approved.');
    expect(fieldText(field, { value: false })).toBe('');
  });
});
