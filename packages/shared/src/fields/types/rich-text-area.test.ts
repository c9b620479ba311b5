import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field = (validation: FieldDefinition['validation'] = {}): FieldDefinition => ({
  property: 'notes',
  title: 'Notes',
  type: 'rich-text-area',
  validation,
});

describe('rich-text-area', () => {
  it('stores HTML of at most 65536 characters', () => {
    expect(validateField(field(), '<p>Hello</p>')).toEqual({ value: '<p>Hello</p>', errors: [] });
    expect(validateField(field(), `<p>${'x'.repeat(65530)}</p>`).errors).toEqual([
      'Notes must be less than 65536 characters long. (Currently 65537)',
    ]);
    expect(validateField(field(), ['<p>']).errors).toEqual(['Notes is not valid.']);
  });

  it('is required: HTML with no text and no media is empty', () => {
    expect(validateField(field({ required: true }), '<p><br></p>').errors).toEqual(['Notes is a required field.']);
    expect(validateField(field({ required: true }), '<p>&nbsp;</p>').errors).toEqual(['Notes is a required field.']);
    expect(validateField(field({ required: true }), '<p><img src="a.png"></p>').errors).toEqual([]);
  });

  it('prints text without tags, entities decoded, a line per paragraph', () => {
    const html =
      '<p>Smoke &amp; <b>fire</b>&nbsp;on 2nd&#32;floor</p><p>Ladder&lt;1&gt;<br/>&quot;Vent&quot; &#x2014; done</p><script>x()</script>';
    expect(fieldText(field(), html)).toBe('Smoke & fire on 2nd floor\nLadder<1>\n"Vent" — done');
  });

  it('defaults its editor height to 400', () => {
    expect(fieldTypeOf('rich-text-area').defaultParams).toEqual({ maxHeight: 400 });
  });
});
