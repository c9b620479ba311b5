import { describe, expect, it } from 'vitest';
import type { FieldDefinition, FieldOption } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const headers = (prefix: string, n: number): FieldOption[] =>
  Array.from({ length: n }, (_, i) => ({ key: `${prefix}${i + 1}`, label: `${prefix.toUpperCase()}${i + 1}` }));

const field = (params: FieldDefinition['params'] = { rowHeaders: headers('r', 3), columnHeaders: headers('c', 3) }): FieldDefinition => ({
  property: 'checks',
  title: 'Checks',
  type: 'radio-table',
  validation: { required: true },
  params,
});

describe('radio-table', () => {
  it('stores one choice per row, filling display names from the headers', () => {
    expect(validateField(field(), [{ rowId: 'r1', columnId: 'c2' }])).toEqual({
      value: [{ rowId: 'r1', rowDisplayName: 'R1', columnId: 'c2', columnDisplayName: 'C2' }],
      errors: [],
    });
  });

  it('prints Row: Column pairs', () => {
    const value = [
      { rowId: 'r1', columnId: 'c2' },
      { rowId: 'r2', columnId: 'c1' },
    ];
    expect(fieldText(field(), value)).toBe('R1: C2; R2: C1');
    expect(fieldText(field({}), [{ rowId: 'x', rowDisplayName: 'Hose', columnId: 'y', columnDisplayName: 'OK' }])).toBe('Hose: OK');
  });

  it('refuses two choices in one row and ids outside the headers', () => {
    const twice = [
      { rowId: 'r1', columnId: 'c1' },
      { rowId: 'r1', columnId: 'c2' },
    ];
    expect(validateField(field(), twice).errors).toEqual(['Checks is not valid.']);
    expect(validateField(field(), [{ rowId: 'r9', columnId: 'c1' }]).errors).toEqual([
      'Checks has a choice that is not one of its options.',
    ]);
    expect(validateField(field(), [{ rowId: 'r1', columnId: 'c9' }]).errors).toEqual([
      'Checks has a choice that is not one of its options.',
    ]);
  });

  it('allows at most 5 columns and 50 rows', () => {
    const wide = field({ rowHeaders: headers('r', 60), columnHeaders: headers('c', 6) });
    expect(validateField(wide, [{ rowId: 'r1', columnId: 'c5' }]).errors).toEqual([]);
    expect(validateField(wide, [{ rowId: 'r1', columnId: 'c6' }]).errors).toEqual(['Checks has a choice that is not one of its options.']);
    expect(validateField(wide, [{ rowId: 'r51', columnId: 'c1' }]).errors).toEqual(['Checks has a choice that is not one of its options.']);
    const free = field({});
    const sixColumns = Array.from({ length: 6 }, (_, i) => ({ rowId: i, columnId: i }));
    expect(validateField(free, sixColumns).errors).toEqual(['Checks is not valid.']);
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ rowId: i, columnId: 'c1' }));
    expect(validateField(free, rows(50)).errors).toEqual([]);
    expect(validateField(free, rows(51)).errors).toEqual(['Checks is not valid.']);
  });

  it('is required and refuses choices without ids', () => {
    expect(validateField(field(), []).errors).toEqual(['Checks is a required field.']);
    expect(validateField(field(), [{ rowId: 'r1' }]).errors).toEqual(['Checks is not valid.']);
  });
});
