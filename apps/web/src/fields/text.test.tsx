// @vitest-environment jsdom
import '../test/dom.ts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { customDigits, formatMaskedNumber, MASK_PATTERNS, maskedNumber, withoutSuffix, withSuffix } from './common/masks.ts';
import { richTextMaxHeight } from './common/RichText.tsx';
import { sanitizeHtml } from './common/sanitize-html.ts';
import { renderField } from './common/test-render.tsx';

afterEach(cleanup);

describe('input masks (phone, number, custom, ssn, dollar)', () => {
  it('phone and ssn have their patterns and show a stored value (typing is driven in e2e/tests/fields.spec.ts)', () => {
    expect(MASK_PATTERNS.phone).toBe('(999) 999-9999');
    expect(MASK_PATTERNS.ssn).toBe('999-99-9999');
    renderField({ property: 'p', title: 'Phone', type: 'single-text-mask', params: { inputMask: 'phone' } }, { value: '(555) 123-4567' });
    const input = screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement;
    expect(input.value).toBe('(555) 123-4567');
    expect(input.inputMode).toBe('numeric');
  });

  it('dollar and number keep thousands separators; the suffix follows the text', () => {
    expect(formatMaskedNumber(1234.5, 'dollar')).toBe('$1,234.50');
    expect(formatMaskedNumber(1234.5, 'number')).toBe('1,234.5');
    expect(maskedNumber('$1,234.50 USD'.replace(' USD', ''))).toBe(1234.5);
    expect(withSuffix('12', 'ft')).toBe('12 ft');
    expect(withSuffix(' ', 'ft')).toBeNull();
    expect(withoutSuffix('12 ft', 'ft')).toBe('12');
  });

  it('custom keeps digits only, at most inputMaskMaxDigits', () => {
    expect(customDigits('12a3-456', 4)).toBe('1234');
    const { changes } = renderField({
      property: 'c',
      title: 'Badge',
      type: 'single-text-mask',
      params: { inputMask: 'custom', inputMaskMaxDigits: 4, inputMaskSuffix: 'ID' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Badge' }), { target: { value: '98x765' } });
    expect(changes.at(-1)).toBe('9876 ID');
    expect(screen.getByText('ID')).toBeTruthy();
  });
});

describe('text fields', () => {
  it('single text: required marker only when editable, errors under the field', () => {
    const field = { property: 'n', title: 'Name', type: 'single-text', validation: { required: true } };
    const { container } = renderField(field, { error: 'Name is a required field.' });
    expect(container.querySelector('.mantine-InputWrapper-required')).not.toBeNull();
    expect(screen.getByText('Name is a required field.')).toBeTruthy();
    cleanup();
    const view = renderField(field, { editable: false, value: 'Kitchen fire' });
    expect(view.container.querySelector('.mantine-InputWrapper-required')).toBeNull();
    expect(screen.getByText('Kitchen fire')).toBeTruthy();
  });

  it('json-array changes only with a valid array and says so otherwise', () => {
    const { changes } = renderField({ property: 'j', title: 'Tags', type: 'json-array' });
    const box = screen.getByRole('textbox', { name: 'Tags' });
    fireEvent.change(box, { target: { value: '{"a":1}' } });
    expect(screen.getByText('Tags must be a JSON array.')).toBeTruthy();
    fireEvent.change(box, { target: { value: '["a", 2]' } });
    expect(changes).toEqual([['a', 2]]);
  });

  it('unknown types render as single text', () => {
    renderField({ property: 'x', title: 'Mystery', type: 'no-such-type' });
    expect(screen.getByRole('textbox', { name: 'Mystery' })).toBeTruthy();
  });
});

describe('rich text', () => {
  it('is shown sanitised: no scripts, handlers or javascript: links', () => {
    const html = sanitizeHtml(
      '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="/entity/1">ok</a><img src=x onerror=alert(1)></p>',
    );
    expect(html).toBe(
      '<p>Hi <a rel="noopener noreferrer" target="_blank">x</a><a href="/entity/1" rel="noopener noreferrer" target="_blank">ok</a></p>',
    );
  });

  it('max height defaults to 400', () => {
    expect(richTextMaxHeight(undefined)).toBe(400);
    expect(richTextMaxHeight({ maxHeight: 250 })).toBe(250);
  });

  it('description-rich-text is display only', () => {
    renderField({
      property: 'd',
      title: 'Instructions',
      type: 'description-rich-text',
      params: { descriptionText: '<p>Read <em>this</em></p>' },
    });
    expect(screen.getByText('this').tagName).toBe('EM');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
