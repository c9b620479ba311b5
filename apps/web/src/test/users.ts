import type { CurrentUser, LoginResponse } from '@turnout/shared';

export const RIVERSIDE = { id: '11111111-1111-4111-8111-111111111111', name: 'riverside', display_name: 'Riverside Fire Department' };
export const LAKESIDE = { id: '22222222-2222-4222-8222-222222222222', name: 'lakeside', display_name: 'Lakeside Fire District' };

/** A signed-in user as GET /user answers it: a firefighter of Riverside unless overridden. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'u-firefighter',
    email: 'firefighter@riverside.example',
    display_name: 'Frankie Firefighter',
    roles: [{ id: 'r1', name: 'Tenant User', label: 'Firefighter', pivot: { tenant_id: RIVERSIDE.id } }],
    acting_role: 'Tenant User',
    current_tenant: RIVERSIDE.display_name,
    tenant_id: RIVERSIDE.id,
    tenant_record: null,
    personnel_record: null,
    tenants: [RIVERSIDE],
    is_global_admin: false,
    is_global: false,
    can_sign_in_as: false,
    effective_permissions: {},
    mfa_enrol_by: null,
    mfa_enrolled_at: null,
    ...overrides,
  };
}

export function makeGlobalAdmin(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return makeUser({
    id: 'u-admin',
    email: 'admin@turnout.example',
    display_name: 'Avery Admin',
    roles: [{ id: 'r0', name: 'MSFES User', label: 'Global Admin', pivot: { tenant_id: null } }],
    acting_role: 'MSFES User',
    current_tenant: null,
    tenant_id: null,
    tenants: [],
    is_global_admin: true,
    is_global: true,
    can_sign_in_as: true,
    ...overrides,
  });
}

export function loginAnswer(user: CurrentUser = makeUser(), token = 'token-1'): LoginResponse {
  return { access_token: token, user, core_entity_types: [], core_entities: [] };
}
