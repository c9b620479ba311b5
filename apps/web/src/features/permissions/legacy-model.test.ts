import { ROLES } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import { makeLegacyPermissions } from '../../test/permissions.ts';
import { isLegacyDirty, legacyChecked, legacyPayload, orderedRoles, withLegacyEdit } from './legacy-model.ts';

describe('deprecated permissions editor', () => {
  const data = makeLegacyPermissions();

  it('orders the role columns as ROLES does, unknown roles last', () => {
    const roles = [...data.roles, { id: 'x', name: 'Someone new', permissions: [] }];
    expect(orderedRoles(roles).map((r) => r.name)).toEqual(['Tenant Admin', 'Lieutenant', 'Tenant User', 'Someone new']);
    const keys = ROLES.map((r) => r.key);
    expect(keys.indexOf('Tenant Admin')).toBeLessThan(keys.indexOf('Lieutenant'));
  });

  it('tracks ticked and cleared boxes; back to what is saved is no change', () => {
    let edits = withLegacyEdit(data, {}, 'Tenant User', 'create notice', true);
    expect(legacyChecked(data, edits, 'Tenant User', 'create notice')).toBe(true);
    expect(isLegacyDirty(data, edits)).toBe(true);
    edits = withLegacyEdit(data, edits, 'Tenant User', 'create notice', false);
    expect(edits).toEqual({});
    expect(isLegacyDirty(data, edits)).toBe(false);
  });

  it('sends each changed role with every permission it should have', () => {
    let edits = withLegacyEdit(data, {}, 'Tenant User', 'create notice', true);
    edits = withLegacyEdit(data, edits, 'Tenant Admin', 'view notice', false);
    expect(legacyPayload(data, edits)).toEqual([
      { name: 'Tenant User', permissions: ['create notice', 'view notice'] },
      { name: 'Tenant Admin', permissions: ['create notice'] },
    ]);
  });
});
