import { GLOBAL_ADMIN_ROLE, isRoleKey, LOGIN_MESSAGES, makePageMeta, PAGE_SIZE, type PageMeta, type TenantRecord } from '@turnout/shared';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { roleAssignments, toTenantRecord } from './user.ts';

const NOT_HELD = 'You do not hold that role in that department.';

/**
 * POST /user/select-tenant: act in a tenant with a role. A user may pick only a tenant they
 * belong to and a role they hold there (or hold everywhere); a global admin may pick any
 * tenant and any role. An unknown tenant answers like one not held, so ids reveal nothing.
 */
export async function selectTenant(db: Kysely<DB>, auth: AuthContext, unverifiedTenantId: string, role: string): Promise<void> {
  const tenant = /^[0-9a-f-]{36}$/i.test(unverifiedTenantId)
    ? await db
        .selectFrom('tenant')
        .select(['id', 'sign_in_enabled', 'sign_in_disabled_error'])
        .where('id', '=', unverifiedTenantId)
        .executeTakeFirst()
    : undefined;
  if (!tenant) throw forbidden(NOT_HELD);
  if (!auth.isGlobalAdmin) {
    const roles = await roleAssignments(db, auth.userId);
    const belongs = roles.some((r) => r.tenant_id === tenant.id);
    const holds = roles.some((r) => r.role_key === role && (r.tenant_id === tenant.id || r.tenant_id === null));
    if (!belongs || !holds) throw forbidden(NOT_HELD);
    if (!tenant.sign_in_enabled) throw forbidden(tenant.sign_in_disabled_error || LOGIN_MESSAGES.tenantSignInDisabled);
  } else if (!isRoleKey(role)) {
    throw forbidden(NOT_HELD);
  }
  await db
    .updateTable('user_session')
    .set({ tenant_id: tenant.id, acting_role: role, is_global: false })
    .where('token_hash', '=', auth.tokenHash)
    .execute();
}

/** POST /user/select-global: global admins only, back to global level. */
export async function selectGlobal(db: Kysely<DB>, auth: AuthContext): Promise<void> {
  if (!auth.isGlobalAdmin) throw forbidden();
  await db
    .updateTable('user_session')
    .set({ tenant_id: null, acting_role: GLOBAL_ADMIN_ROLE, is_global: true })
    .where('token_hash', '=', auth.tokenHash)
    .execute();
}

/** GET /tenant?page&search: the tenants this user may see (all of them for a global admin), by name. */
export async function listTenants(
  db: Kysely<DB>,
  auth: AuthContext,
  page: number,
  perPage: number = PAGE_SIZE.default,
  search?: string,
): Promise<{ data: TenantRecord[]; meta: PageMeta }> {
  let query = db.selectFrom('tenant as t');
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('t.display_name', 'ilike', like), eb('t.name', 'ilike', like)]));
  }
  if (!auth.isGlobalAdmin) {
    query = query.where(
      't.id',
      'in',
      (eb) =>
        eb.selectFrom('role_assignment').select('tenant_id').where('user_id', '=', auth.userId).where('tenant_id', 'is not', null) as never,
    );
  }
  const total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await query
    .select(['t.id', 't.name', 't.display_name', 't.color', 't.date_format', 't.time_format', 't.display_picture'])
    .orderBy('t.display_name')
    .orderBy('t.id')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { data: rows.map(toTenantRecord), meta: makePageMeta(page, perPage, total, rows.length) };
}
