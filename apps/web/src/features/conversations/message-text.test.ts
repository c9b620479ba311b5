import { describe, expect, it } from 'vitest';
import { messageParts } from './message-text.ts';

describe('messageParts', () => {
  it('makes web and mail links of a body and keeps the rest as text', () => {
    expect(messageParts('See https://example.org/a?b=1 or mail chief@example.org.')).toEqual([
      { text: 'See ' },
      { text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { text: ' or mail ' },
      { text: 'chief@example.org', href: 'mailto:chief@example.org' },
      { text: '.' },
    ]);
  });

  it('never makes a link of a script scheme and keeps markup as text', () => {
    expect(messageParts('javascript:alert(1)')).toEqual([{ text: 'javascript:alert(1)' }]);
    expect(messageParts('<b>bold</b>')).toEqual([{ text: '<b>bold</b>' }]);
    expect(messageParts('')).toEqual([]);
  });
});
