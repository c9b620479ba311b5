import { describe, expect, it } from 'vitest';
import { makeGlobalAdmin, makeUser, RIVERSIDE } from '../../test/users.ts';
import { effectiveDocument, permissionSubject, userCan } from './effective.ts';

const allowed = { create: true, update: false, delete: false, view: true, reassign: false };

describe('effective permissions', () => {
  it('reads the resolved map of GET /user; only booleans count', () => {
    expect(effectiveDocument({ notice: allowed, odd: { create: 'yes', view: 1 }, junk: null, text: 'x' })).toEqual({
      personnel: { notice: allowed, odd: {} },
    });
  });

  it('answers from effective_permissions for people who are not admins; anything missing is denied', () => {
    const firefighter = makeUser({ effective_permissions: { notice: allowed, view_version_pdfs: { ...allowed, view: true } } });
    expect(userCan(firefighter, 'notice', 'create')).toBe(true);
    expect(userCan(firefighter, 'notice', 'update')).toBe(false);
    expect(userCan(firefighter, 'incident_report', 'view')).toBe(false);
    expect(userCan(firefighter, 'view_version_pdfs', 'view')).toBe(true);
    expect(userCan(makeUser(), 'notice', 'view')).toBe(false);
  });

  it('allows global admins everything, even with nothing in effective_permissions', () => {
    const admin = makeGlobalAdmin();
    expect(userCan(admin, 'notice', 'delete')).toBe(true);
    expect(userCan(admin, 'manage_logins', 'update')).toBe(true);
    expect(userCan(admin, 'manage_logins', 'delete')).toBe(true);
  });

  it('allows tenant admins acting in their tenant everything but vendor-only permissions', () => {
    const chief = makeUser({ acting_role: 'Tenant Admin' });
    expect(permissionSubject(chief)).toEqual({ isGlobalAdmin: false, isTenantAdmin: true });
    expect(userCan(chief, 'notice', 'delete')).toBe(true);
    expect(userCan(chief, 'update_tenant_permissions', 'update')).toBe(true);
    expect(userCan(chief, 'show_deleted', 'view')).toBe(false);
    expect(
      userCan(
        makeUser({ acting_role: 'Tenant Admin', effective_permissions: { show_deleted: { ...allowed, view: true } } }),
        'show_deleted',
        'view',
      ),
    ).toBe(true);
  });

  it('grants a special permission by its one function only (other actions: global admins only)', () => {
    const chief = makeUser({ acting_role: 'Tenant Admin' });
    expect(userCan(chief, 'modify_entity_types', 'update')).toBe(true);
    expect(userCan(chief, 'modify_entity_types', 'delete')).toBe(false);
  });

  it('is no tenant admin as a Trainer Admin, nor without a tenant', () => {
    expect(permissionSubject(makeUser({ acting_role: 'Trainer Admin' })).isTenantAdmin).toBe(false);
    expect(permissionSubject(makeUser({ acting_role: 'Tenant Admin', tenant_id: null })).isTenantAdmin).toBe(false);
    expect(permissionSubject(makeUser({ tenant_id: RIVERSIDE.id })).isTenantAdmin).toBe(false);
  });
});
