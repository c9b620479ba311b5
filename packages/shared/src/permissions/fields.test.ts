import { describe, expect, it } from 'vitest';
import { canModifyField, canSeeField, unmodifiableChanges, withoutHiddenFields } from './fields.ts';

const firefighter = { role: 'Tenant User', isGlobalAdmin: false };
const chief = { role: 'Tenant Admin', isGlobalAdmin: false };
const vendor = { role: 'MSFES User', isGlobalAdmin: true };

describe('field permissions', () => {
  it('shows a field with no list, ALL, or the role in the list', () => {
    expect(canSeeField(undefined, firefighter)).toBe(true);
    expect(canSeeField({ visible_to: [] }, firefighter)).toBe(true);
    expect(canSeeField({ visible_to: ['ALL'] }, firefighter)).toBe(true);
    expect(canSeeField({ visible_to: ['Tenant Admin'] }, firefighter)).toBe(false);
    expect(canSeeField({ visible_to: ['Tenant Admin'] }, chief)).toBe(true);
    expect(canSeeField({ visible_to: ['Tenant Admin'] }, vendor)).toBe(true);
    expect(canSeeField({ visible_to: ['Tenant Admin'] }, { role: null, isGlobalAdmin: false })).toBe(false);
  });

  it('lets only listed roles modify, never one that cannot see it, global admins always', () => {
    expect(canModifyField({ modifiable_by: ['Tenant Admin'] }, firefighter)).toBe(false);
    expect(canModifyField({ modifiable_by: ['Tenant Admin'] }, chief)).toBe(true);
    expect(canModifyField({ visible_to: ['Lieutenant'], modifiable_by: ['ALL'] }, firefighter)).toBe(false);
    expect(canModifyField({ modifiable_by: ['Lieutenant'] }, vendor)).toBe(true);
  });

  it('leaves hidden fields out and names the changes a role may not make', () => {
    const fields = [
      { property: 'narrative', permissions: {} },
      { property: 'ssn', permissions: { visible_to: ['Human Resources'] } },
      { property: 'rank', permissions: { modifiable_by: ['Tenant Admin'] } },
    ];
    expect(withoutHiddenFields({ narrative: 'x', ssn: '123', rank: 'FF' }, fields, firefighter)).toEqual({ narrative: 'x', rank: 'FF' });
    expect(unmodifiableChanges({ narrative: 'y', rank: 'Capt', ssn: '1' }, fields, firefighter).sort()).toEqual(['rank', 'ssn']);
    expect(unmodifiableChanges({ rank: 'Capt' }, fields, chief)).toEqual([]);
  });
});
