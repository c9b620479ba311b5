import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeEdit } from './merge.ts';

describe('mergeEdit (a queued edit against the server’s newer version)', () => {
  it('applies fields changed only on the device and leaves fields changed only on the server alone', () => {
    const base = { unit: 'E1', fuel: 'half' };
    const server = { unit: 'E1', fuel: 'full', crew: 4 };
    expect(mergeEdit({ unit: 'E2' }, base, server)).toEqual({ apply: { unit: 'E2' }, conflicts: {}, mine: {} });
  });

  it('makes a field changed on both sides to different values a conflict, never an overwrite', () => {
    const r = mergeEdit({ fuel: 'empty', unit: 'E2' }, { fuel: 'half', unit: 'E1' }, { fuel: 'full', unit: 'E1' });
    expect(r.apply).toEqual({ unit: 'E2' });
    expect(r.conflicts).toEqual({ fuel: 'full' });
    expect(r.mine).toEqual({ fuel: 'empty' });
  });

  it('sends nothing for a field both sides changed to the same value', () => {
    expect(mergeEdit({ fuel: 'full' }, { fuel: 'half' }, { fuel: 'full' })).toEqual({ apply: {}, conflicts: {}, mine: {} });
  });

  it('treats null, undefined and a missing value as one, and compares lists and objects by value', () => {
    expect(mergeEdit({ note: 'x' }, { note: null }, {}).apply).toEqual({ note: 'x' });
    expect(mergeEdit({ tags: ['a', 'b'] }, { tags: ['a'] }, { tags: ['a'] }).apply).toEqual({ tags: ['a', 'b'] });
    expect(mergeEdit({ tags: ['a', 'b'] }, { tags: ['a'] }, { tags: ['a', 'c'] }).conflicts).toEqual({ tags: ['a', 'c'] });
  });

  it('never loses a device change: each changed field is applied, already there, or a conflict', () => {
    const value = fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 3 }), fc.constantFrom('a', 'b'));
    const values = fc.dictionary(fc.constantFrom('p', 'q', 'r', 's'), value);
    fc.assert(
      fc.property(values, values, values, (changes, base, server) => {
        const r = mergeEdit(changes, base, server);
        for (const [p, v] of Object.entries(changes)) {
          const applied = Object.hasOwn(r.apply, p);
          const conflict = Object.hasOwn(r.conflicts, p);
          const already = JSON.stringify(server[p] ?? null) === JSON.stringify(v ?? null);
          expect(Number(applied) + Number(conflict)).toBeLessThanOrEqual(1);
          expect(applied || conflict || already).toBe(true);
          // A field the server changed is never overwritten without the person.
          if (applied) expect(JSON.stringify(server[p] ?? null)).toBe(JSON.stringify(base[p] ?? null));
        }
        for (const p of Object.keys(r.apply)) expect(Object.hasOwn(changes, p)).toBe(true);
      }),
    );
  });
});
