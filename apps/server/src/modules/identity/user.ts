import { type CurrentUser, GLOBAL_ADMIN_ROLE, roleLabel, type TenantRecord } from '@turnout/shared';
import type { Kysely, Selectable } from 'kysely';
import { type AuthContext, hashToken } from '../../platform/auth/context.ts';
import type { DB, TenantTable } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { startupData } from '../home/service.ts';
import { effectivePermissions } from '../permissions/service.ts';

export function toTenantRecord(
  t: Pick<Selectable<TenantTable>, 'id' | 'name' | 'display_name' | 'color' | 'date_format' | 'time_format' | 'display_picture'>,
): TenantRecord {
  return {
    id: t.id,
    name: t.name,
    display_name: t.display_name,
    color: t.color,
    date_format: t.date_format,
    time_format: t.time_format,
    SYSTEM_display_picture: t.display_picture,
  };
}

const TENANT_COLUMNS = ['t.id', 't.name', 't.display_name', 't.color', 't.date_format', 't.time_format', 't.display_picture'] as const;

/** The role assignments of a user with their tenants, tenant-wide ones first. */
export async function roleAssignments(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('role_assignment as r')
    .leftJoin('tenant as t', 't.id', 'r.tenant_id')
    .select([
      'r.id',
      'r.role_key',
      'r.tenant_id',
      't.display_name as tenant_display_name',
      't.name as tenant_name',
      't.sign_in_enabled',
      't.sign_in_disabled_error',
    ])
    .where('r.user_id', '=', userId)
    .orderBy('t.display_name')
    .orderBy('r.role_key')
    .execute();
}

/** The user shape of spec 01 §3 for the tenant and role the session acts as. */
export async function loadCurrentUser(
  db: Kysely<DB>,
  auth: Pick<AuthContext, 'userId' | 'tenantId' | 'actingRole' | 'isGlobal'>,
  signInAsAdmins: string[],
): Promise<CurrentUser> {
  const user = await db
    .selectFrom('app_user')
    .select(['id', 'email', 'display_name', 'mfa_enrol_by', 'mfa_enrolled_at'])
    .where('id', '=', auth.userId)
    .executeTakeFirstOrThrow();
  const roles = await roleAssignments(db, auth.userId);
  const isGlobalAdmin = roles.some((r) => r.role_key === GLOBAL_ADMIN_ROLE && r.tenant_id === null);
  const tenantsById = new Map<string, { id: string; name: string; display_name: string }>();
  for (const r of roles) {
    if (r.tenant_id && r.tenant_name && r.tenant_display_name)
      tenantsById.set(r.tenant_id, { id: r.tenant_id, name: r.tenant_name, display_name: r.tenant_display_name });
  }
  const tenant = auth.tenantId
    ? await db.selectFrom('tenant as t').select(TENANT_COLUMNS).where('t.id', '=', auth.tenantId).executeTakeFirst()
    : undefined;
  const personnel = auth.tenantId
    ? await withContext(db, { tenantId: auth.tenantId, userId: auth.userId, isGlobal: false }, (tx) =>
        tx
          .selectFrom('personnel')
          .select(['id', 'tenant_id', 'display_name', 'email_address', 'role', 'member_status1', 'display_picture'])
          .where('tenant_id', '=', auth.tenantId!)
          .where('user_id', '=', auth.userId)
          .executeTakeFirst(),
      )
    : undefined;
  return {
    id: user.id,
    email: user.email,
    display_name: user.display_name,
    roles: roles.map((r) => ({ id: r.id, name: r.role_key, label: roleLabel(r.role_key), pivot: { tenant_id: r.tenant_id } })),
    acting_role: auth.actingRole,
    current_tenant: tenant?.display_name ?? null,
    tenant_id: auth.tenantId,
    tenant_record: tenant ? toTenantRecord(tenant) : null,
    personnel_record: personnel
      ? {
          id: personnel.id,
          tenant_id: personnel.tenant_id,
          display_name: personnel.display_name,
          email_address: personnel.email_address,
          role: personnel.role,
          member_status1: personnel.member_status1,
          SYSTEM_display_picture: personnel.display_picture,
        }
      : null,
    tenants: [...tenantsById.values()],
    is_global_admin: isGlobalAdmin,
    is_global: auth.isGlobal,
    can_sign_in_as: isGlobalAdmin && signInAsAdmins.includes(user.email.toLowerCase()),
    effective_permissions: await effectivePermissions(db, {
      userId: auth.userId,
      tenantId: auth.tenantId,
      actingRole: auth.actingRole,
      isGlobalAdmin,
    }),
    mfa_enrol_by: user.mfa_enrol_by,
    mfa_enrolled_at: user.mfa_enrolled_at ? user.mfa_enrolled_at.toISOString() : null,
  };
}

/**
 * The answer of a sign-in (POST /user/login, sign-in-as): the token, the user as the new
 * session acts, and what the app needs at start (core_entity_types, core_entities).
 */
export async function loginAnswer(
  db: Kysely<DB>,
  token: string,
  session: { userId: string; tenantId: string | null; actingRole: string | null; isGlobal: boolean; signedInAsBy?: string | null },
  signInAsAdmins: string[],
) {
  const user = await loadCurrentUser(db, session, signInAsAdmins);
  const auth: AuthContext = {
    userId: session.userId,
    email: user.email,
    displayName: user.display_name,
    tenantId: session.tenantId,
    actingRole: session.actingRole,
    isGlobal: session.isGlobal,
    isGlobalAdmin: user.is_global_admin,
    tokenHash: hashToken(token),
    signedInAsBy: session.signedInAsBy ?? null,
  };
  return { access_token: token, user, ...(await startupData(db, auth)) };
}
