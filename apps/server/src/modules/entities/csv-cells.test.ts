import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvLines } from './csv-export.ts';

/** The export builds its lines itself; they must be csv-stringify's (escape_formulas), byte for byte. */
describe('CSV lines of an export', () => {
  const tricky = fc.constantFrom(
    '',
    ',',
    '"',
    '\n',
    '\r',
    '\t',
    '=',
    '+',
    '-',
    '@',
    '\uFF1D',
    '\uFF0B',
    '\uFF0D',
    '\uFF20',
    "'",
    ' ',
    'a',
    'é',
    '😀',
  );
  const cell = fc.oneof(
    fc.string(),
    fc.array(tricky, { maxLength: 6 }).map((parts) => parts.join('')),
  );

  it('writes every cell as csv-stringify with escape_formulas does', () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }), (rows) => {
        expect(csvLines(rows)).toBe(stringify(rows, { escape_formulas: true }));
      }),
      { numRuns: 2000 },
    );
  });

  it('quotes line breaks and quotes, and marks formulas as text', () => {
    expect(csvLines([['=SUM(A1)', 'say "hi"', 'a\nb', '-1', 'plain']])).toBe(`'=SUM(A1),"say ""hi""","a\nb",'-1,plain\n`);
  });
});
