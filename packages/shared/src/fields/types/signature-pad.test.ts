import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { signaturePad } from './signature-pad.ts';

const field = { property: 'sig', title: 'Signature', type: 'signature-pad', validation: { required: true } };
const png = 'data:image/png;base64,iVBORw0KGgo=';

describe('signature-pad', () => {
  it('is registered and required like any field', () => {
    expect(fieldTypeOf('signature-pad')).toBe(signaturePad);
    expect(validateField(field, '').errors).toEqual(['Signature is a required field.']);
  });

  it('takes a PNG data URL or the uploaded file reference', () => {
    expect(validateField(field, png)).toEqual({ value: png, errors: [] });
    expect(validateField(field, [{ id: 'f1', url: null }])).toEqual({ value: { id: 'f1' }, errors: [] });
  });

  it('refuses other text and other data URLs', () => {
    expect(validateField(field, 'https://example.com/sig.png').errors).toEqual(['Signature is not valid.']);
    expect(validateField(field, 'data:text/html;base64,PGI+').errors).toEqual(['Signature is not valid.']);
    expect(validateField(field, 'data:image/png;base64,not base64!').errors).toEqual(['Signature is not valid.']);
  });

  it('prints Signed, or nothing when empty', () => {
    expect(fieldText(field, png)).toBe('Signed');
    expect(fieldText(field, null)).toBe('');
  });
});
