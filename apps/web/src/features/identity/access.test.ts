import { describe, expect, it } from 'vitest';
import { LAKESIDE, makeGlobalAdmin, makeUser, RIVERSIDE } from '../../test/users.ts';
import { actingRoleLabel, actingTenantName, canOpenAdminTools, roleSelectable, rolesForTenant, showsSwitcher } from './access.ts';

const role = (id: string, name: string, label: string, tenant: string | null) => ({ id, name, label, pivot: { tenant_id: tenant } });

describe('tenant/role switcher rules (spec 01 §6)', () => {
  it('hides the switcher for one tenant and one role', () => {
    expect(showsSwitcher(makeUser())).toBe(false);
  });

  it('shows it for more than one tenant, for a global admin, or for more than one role', () => {
    expect(showsSwitcher(makeUser({ tenants: [RIVERSIDE, LAKESIDE] }))).toBe(true);
    expect(showsSwitcher(makeGlobalAdmin())).toBe(true);
    expect(
      showsSwitcher(
        makeUser({
          roles: [role('a', 'Tenant User', 'Firefighter', RIVERSIDE.id), role('b', 'Lieutenant', 'Lieutenant', RIVERSIDE.id)],
        }),
      ),
    ).toBe(true);
  });

  it('does not count the same role held in two tenants as two roles', () => {
    const user = makeUser({
      roles: [role('a', 'Tenant User', 'Firefighter', RIVERSIDE.id), role('b', 'Tenant User', 'Firefighter', LAKESIDE.id)],
      tenants: [RIVERSIDE],
    });
    expect(showsSwitcher(user)).toBe(false);
  });

  it('lists the roles whose pivot tenant is the chosen tenant or empty, each once; tappable only with more than one', () => {
    const user = makeUser({
      roles: [
        role('a', 'Tenant User', 'Firefighter', RIVERSIDE.id),
        role('b', 'Lieutenant', 'Lieutenant', LAKESIDE.id),
        role('c', 'Junior', 'Junior', null),
        role('d', 'Junior', 'Junior', RIVERSIDE.id),
      ],
    });
    expect(rolesForTenant(user, RIVERSIDE.id).map((r) => r.name)).toEqual(['Tenant User', 'Junior']);
    expect(rolesForTenant(user, LAKESIDE.id).map((r) => r.name)).toEqual(['Lieutenant', 'Junior']);
    expect(rolesForTenant(user, null).map((r) => r.name)).toEqual(['Junior']);
    expect(roleSelectable(rolesForTenant(user, RIVERSIDE.id))).toBe(true);
    expect(roleSelectable(rolesForTenant(user, null))).toBe(false);
  });
});

describe('what the menu shows', () => {
  it("names the tenant, or 'Global' at global level", () => {
    expect(actingTenantName(makeUser())).toBe('Riverside Fire Department');
    expect(actingTenantName(makeGlobalAdmin())).toBe('Global');
    expect(actingRoleLabel(makeUser())).toBe('Firefighter');
    expect(actingRoleLabel(makeGlobalAdmin())).toBe('Global Admin');
  });

  it('opens Admin Tools to global admins and tenant admins only', () => {
    expect(canOpenAdminTools(makeGlobalAdmin())).toBe(true);
    expect(canOpenAdminTools(makeUser({ acting_role: 'Tenant Admin' }))).toBe(true);
    expect(canOpenAdminTools(makeUser({ acting_role: 'Trainer Admin' }))).toBe(true);
    expect(canOpenAdminTools(makeUser())).toBe(false);
  });
});
