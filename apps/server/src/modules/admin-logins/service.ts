import { isRoleKey, makePageMeta, type PageMeta, type PersonnelLogin, roleLabel, type TenantLogin, type UserLogin } from '@turnout/shared';
import { type Kysely, sql } from 'kysely';
import { type AuthContext, requireGlobalAdmin } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { forbidden, invalid, notFound } from '../../platform/http/errors.ts';
import type { IdentityDeps, RequestOrigin } from '../identity/deps.ts';
import { createSession, endSessionsInTenant, endSessionsOfUser } from '../identity/sessions.ts';
import { loginAnswer } from '../identity/user.ts';
import { actorOf, recordSensitiveAction } from '../sensitive-actions/service.ts';

/** Manage Logins (spec 03 §2): global admins only, every call. */
export const LOGINS_PER_PAGE = 25;

export interface ListQuery {
  page: number;
  search: string;
  sort: 'a_to_z' | 'z_to_a';
}

const like = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const isUuid = (value: string) => /^[0-9a-f-]{36}$/i.test(value);
const PERSONNEL_LOGIN_COLUMNS = [
  'p.id',
  'p.tenant_id',
  't.display_name as tenant_name',
  'p.display_name',
  'p.email_address',
  'p.date_of_birth',
  'p.member_status1',
  'p.role',
] as const;

export async function listTenantLogins(db: Kysely<DB>, auth: AuthContext, q: ListQuery): Promise<{ data: TenantLogin[]; meta: PageMeta }> {
  requireGlobalAdmin(auth);
  let query = db.selectFrom('tenant');
  if (q.search) query = query.where((eb) => eb.or([eb('name', 'ilike', like(q.search)), eb('display_name', 'ilike', like(q.search))]));
  const total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await query
    .select(['id', 'name', 'display_name', 'sign_in_enabled', 'sign_in_disabled_error'])
    .orderBy('display_name', q.sort === 'a_to_z' ? 'asc' : 'desc')
    .orderBy('id')
    .limit(LOGINS_PER_PAGE)
    .offset((q.page - 1) * LOGINS_PER_PAGE)
    .execute();
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      display_name: r.display_name,
      signInEnabled: r.sign_in_enabled,
      signInDisabledError: r.sign_in_disabled_error,
    })),
    meta: makePageMeta(q.page, LOGINS_PER_PAGE, total, rows.length),
  };
}

export async function updateTenantLogin(
  db: Kysely<DB>,
  auth: AuthContext,
  unverifiedId: string,
  change: { signInEnabled?: boolean | undefined; signInDisabledError?: string | null | undefined },
): Promise<TenantLogin> {
  requireGlobalAdmin(auth);
  const tenant = isUuid(unverifiedId)
    ? await db.selectFrom('tenant').selectAll().where('id', '=', unverifiedId).executeTakeFirst()
    : undefined;
  if (!tenant) throw notFound();
  const enabled = change.signInEnabled ?? tenant.sign_in_enabled;
  // The disabled message is editable only while sign-in is disabled (spec 03 §4).
  const message = enabled
    ? tenant.sign_in_disabled_error
    : change.signInDisabledError !== undefined
      ? change.signInDisabledError
      : tenant.sign_in_disabled_error;
  const updated = await db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('tenant')
      .set({ sign_in_enabled: enabled, sign_in_disabled_error: message || null, updated_at: new Date() })
      .where('id', '=', tenant.id)
      .returning(['id', 'name', 'display_name', 'sign_in_enabled', 'sign_in_disabled_error'])
      .executeTakeFirstOrThrow();
    if (tenant.sign_in_enabled !== enabled) {
      const ended = enabled ? 0 : await endSessionsInTenant(tx, tenant.id);
      await recordSensitiveAction(tx, {
        actor: actorOf(auth),
        tenantId: tenant.id,
        name: enabled ? 'Tenant sign-in enabled' : 'Tenant sign-in disabled',
        content: enabled
          ? `Sign-in enabled for ${tenant.display_name}.`
          : `Sign-in disabled for ${tenant.display_name} (${ended} sessions ended). Message: ${message ?? '(default)'}`,
      });
    }
    return row;
  });
  return {
    id: updated.id,
    name: updated.name,
    display_name: updated.display_name,
    signInEnabled: updated.sign_in_enabled,
    signInDisabledError: updated.sign_in_disabled_error,
  };
}

async function userLogins(db: Kysely<DB>, where: (q: ReturnType<typeof baseUsers>) => ReturnType<typeof baseUsers>, q?: ListQuery) {
  let query = where(baseUsers(db));
  if (q) {
    query = query
      .orderBy('display_name', q.sort === 'a_to_z' ? 'asc' : 'desc')
      .orderBy('id')
      .limit(LOGINS_PER_PAGE)
      .offset((q.page - 1) * LOGINS_PER_PAGE);
  }
  const users = await query.execute();
  if (users.length === 0) return [];
  const roles = await db
    .selectFrom('role_assignment as r')
    .leftJoin('tenant as t', 't.id', 'r.tenant_id')
    .select(['r.user_id', 'r.role_key', 'r.tenant_id', 't.name as tenant_name', 't.display_name as tenant_display_name'])
    .where(
      'r.user_id',
      'in',
      users.map((u) => u.id),
    )
    .orderBy('t.display_name')
    .execute();
  return users.map((u): UserLogin => {
    const mine = roles.filter((r) => r.user_id === u.id);
    const tenants = new Map<string, { id: string; name: string; display_name: string }>();
    for (const r of mine)
      if (r.tenant_id) tenants.set(r.tenant_id, { id: r.tenant_id, name: r.tenant_name ?? '', display_name: r.tenant_display_name ?? '' });
    return {
      id: u.id,
      name: u.display_name,
      email: u.email,
      signInEnabled: u.sign_in_enabled,
      signInDisabledError: u.sign_in_disabled_error,
      roles: mine.map((r) => ({ name: r.role_key, label: roleLabel(r.role_key), tenant_id: r.tenant_id })),
      tenants: [...tenants.values()],
      mfa_enrolled_at: u.mfa_enrolled_at ? u.mfa_enrolled_at.toISOString() : null,
      mfa_enrol_by: u.mfa_enrol_by,
    };
  });
}

function baseUsers(db: Kysely<DB>) {
  return db
    .selectFrom('app_user')
    .select(['id', 'email', 'display_name', 'sign_in_enabled', 'sign_in_disabled_error', 'mfa_enrolled_at', 'mfa_enrol_by']);
}

export async function listUserLogins(db: Kysely<DB>, auth: AuthContext, q: ListQuery): Promise<{ data: UserLogin[]; meta: PageMeta }> {
  requireGlobalAdmin(auth);
  const filter = <T extends ReturnType<typeof baseUsers>>(query: T) =>
    (q.search
      ? query.where((eb) => eb.or([eb('display_name', 'ilike', like(q.search)), eb('email', 'ilike', like(q.search))]))
      : query) as T;
  const total = Number(
    (
      await filter(baseUsers(db))
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const data = await userLogins(db, filter, q);
  return { data, meta: makePageMeta(q.page, LOGINS_PER_PAGE, total, data.length) };
}

export async function updateUserLogin(
  db: Kysely<DB>,
  auth: AuthContext,
  unverifiedId: string,
  change: {
    signInEnabled?: boolean | undefined;
    signInDisabledError?: string | null | undefined;
    name?: string | undefined;
    reset_mfa?: boolean | undefined;
    mfa_enrol_by?: string | null | undefined;
  },
): Promise<UserLogin> {
  requireGlobalAdmin(auth);
  const user = isUuid(unverifiedId)
    ? await db.selectFrom('app_user').selectAll().where('id', '=', unverifiedId).executeTakeFirst()
    : undefined;
  if (!user) throw notFound();
  if (user.id === auth.userId && change.signInEnabled === false) throw invalid({ signInEnabled: ['You cannot disable your own sign-in.'] });
  if (change.mfa_enrol_by && Number.isNaN(Date.parse(change.mfa_enrol_by)))
    throw invalid({ mfa_enrol_by: ['The MFA enrol-by date is not a valid date.'] });
  const enabled = change.signInEnabled ?? user.sign_in_enabled;
  const message = enabled
    ? user.sign_in_disabled_error
    : change.signInDisabledError !== undefined
      ? change.signInDisabledError
      : user.sign_in_disabled_error;
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('app_user')
      .set({
        sign_in_enabled: enabled,
        sign_in_disabled_error: message || null,
        display_name: change.name ?? user.display_name,
        updated_at: new Date(),
        ...(change.reset_mfa ? { mfa_secret: null, mfa_pending_secret: null, mfa_enrolled_at: null, mfa_last_time_step: null } : {}),
        ...(change.mfa_enrol_by !== undefined ? { mfa_enrol_by: change.mfa_enrol_by } : {}),
      })
      .where('id', '=', user.id)
      .execute();
    if (user.sign_in_enabled !== enabled) {
      const ended = enabled ? 0 : await endSessionsOfUser(tx, user.id);
      await recordSensitiveAction(tx, {
        actor: actorOf(auth),
        tenantId: null,
        name: enabled ? 'User sign-in enabled' : 'User sign-in disabled',
        content: enabled
          ? `Sign-in enabled for ${user.email}.`
          : `Sign-in disabled for ${user.email} (${ended} sessions ended). Message: ${message ?? '(default)'}`,
      });
    }
    if (change.mfa_enrol_by !== undefined && change.mfa_enrol_by !== user.mfa_enrol_by) {
      await recordSensitiveAction(tx, {
        actor: actorOf(auth),
        tenantId: null,
        name: 'MFA enrol-by date changed',
        content: `MFA enrol-by date for ${user.email} set to ${change.mfa_enrol_by ?? '(none)'}.`,
      });
    }
    if (change.reset_mfa && user.mfa_enrolled_at) {
      await recordSensitiveAction(tx, {
        actor: actorOf(auth),
        tenantId: null,
        name: 'MFA reset',
        content: `Multi-factor authentication reset for ${user.email}.`,
      });
    }
  });
  const [row] = await userLogins(db, (query) => query.where('id', '=', user.id));
  return row!;
}

export async function listPersonnelLogins(
  db: Kysely<DB>,
  auth: AuthContext,
  q: ListQuery,
): Promise<{ data: PersonnelLogin[]; meta: PageMeta }> {
  requireGlobalAdmin(auth);
  return withContext(db, { tenantId: null, userId: auth.userId, isGlobal: true }, async (tx) => {
    let query = tx.selectFrom('personnel as p').innerJoin('tenant as t', 't.id', 'p.tenant_id');
    if (q.search)
      query = query.where((eb) => eb.or([eb('p.display_name', 'ilike', like(q.search)), eb('p.email_address', 'ilike', like(q.search))]));
    const total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await query
      .select(PERSONNEL_LOGIN_COLUMNS)
      .orderBy('p.display_name', q.sort === 'a_to_z' ? 'asc' : 'desc')
      .orderBy('p.id')
      .limit(LOGINS_PER_PAGE)
      .offset((q.page - 1) * LOGINS_PER_PAGE)
      .execute();
    return { data: rows.map(toPersonnelLogin), meta: makePageMeta(q.page, LOGINS_PER_PAGE, total, rows.length) };
  });
}

function toPersonnelLogin(r: {
  id: string;
  tenant_id: string;
  tenant_name: string;
  display_name: string;
  email_address: string | null;
  date_of_birth: string | null;
  member_status1: 'current' | 'past';
  role: string;
}): PersonnelLogin {
  return {
    id: r.id,
    tenant_id: r.tenant_id,
    tenant_name: r.tenant_name,
    display_name: r.display_name,
    email_address: r.email_address,
    date_of_birth: { value: r.date_of_birth, display_value: r.date_of_birth ?? '' },
    member_status1: r.member_status1,
    role: r.role,
  };
}

export async function updatePersonnelLogin(
  db: Kysely<DB>,
  auth: AuthContext,
  unverifiedId: string,
  change: {
    display_name?: string | undefined;
    email_address?: string | null | undefined;
    date_of_birth?: string | null | undefined;
    member_status1?: 'current' | 'past' | undefined;
    role?: string | undefined;
  },
): Promise<PersonnelLogin> {
  requireGlobalAdmin(auth);
  if (change.role !== undefined && !isRoleKey(change.role)) throw invalid({ role: ['The selected role is invalid.'] });
  if (change.date_of_birth && Number.isNaN(Date.parse(change.date_of_birth)))
    throw invalid({ date_of_birth: ['The date of birth is not a valid date.'] });
  return withContext(db, { tenantId: null, userId: auth.userId, isGlobal: true }, async (tx) => {
    const person = isUuid(unverifiedId)
      ? await tx.selectFrom('personnel').selectAll().where('id', '=', unverifiedId).executeTakeFirst()
      : undefined;
    if (!person) throw notFound();
    await tx
      .updateTable('personnel')
      .set({
        display_name: change.display_name ?? person.display_name,
        email_address: change.email_address !== undefined ? change.email_address : person.email_address,
        date_of_birth: change.date_of_birth !== undefined ? change.date_of_birth : person.date_of_birth,
        member_status1: change.member_status1 ?? person.member_status1,
        role: change.role ?? person.role,
        updated_at: new Date(),
      })
      .where('tenant_id', '=', person.tenant_id)
      .where('id', '=', person.id)
      .execute();
    if (change.role !== undefined && change.role !== person.role) {
      if (person.user_id) {
        // The personnel role is a role the person holds in that tenant.
        await tx
          .insertInto('role_assignment')
          .values({ user_id: person.user_id, role_key: change.role, tenant_id: person.tenant_id })
          .onConflict((oc) =>
            oc.expression(sql`user_id, role_key, COALESCE(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid)`).doNothing(),
          )
          .execute();
      }
      await recordSensitiveAction(tx, {
        actor: actorOf(auth),
        tenantId: person.tenant_id,
        name: 'Role changed',
        content: `${person.display_name}: role changed from ${roleLabel(person.role)} to ${roleLabel(change.role)}.`,
      });
    }
    const row = await tx
      .selectFrom('personnel as p')
      .innerJoin('tenant as t', 't.id', 'p.tenant_id')
      .select(PERSONNEL_LOGIN_COLUMNS)
      .where('p.tenant_id', '=', person.tenant_id)
      .where('p.id', '=', person.id)
      .executeTakeFirstOrThrow();
    return toPersonnelLogin(row);
  });
}

/**
 * POST /admin/logins/get-token: sign in as another user. Only global admins whose address is
 * in SIGN_IN_AS_ADMINS; never as another global admin; always written to sensitive actions.
 */
export async function signInAs(deps: IdentityDeps, auth: AuthContext, email: string, origin: RequestOrigin) {
  if (!auth.isGlobalAdmin || !deps.config.signInAsAdmins.includes(auth.email.toLowerCase()) || auth.signedInAsBy) throw forbidden();
  const user = await deps.db
    .selectFrom('app_user')
    .select(['id', 'email', 'sign_in_enabled'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) throw invalid({ email: ['No user has this email address.'] });
  if (!user.sign_in_enabled) throw invalid({ email: ['Sign-in is disabled for this user.'] });
  const roles = await deps.db
    .selectFrom('role_assignment')
    .select(['role_key', 'tenant_id'])
    .where('user_id', '=', user.id)
    .orderBy('created_at')
    .execute();
  if (roles.some((r) => r.role_key === 'MSFES User' && r.tenant_id === null))
    throw forbidden('You cannot sign in as another global admin.');
  const first = roles.find((r) => r.tenant_id !== null);
  const context = { tenantId: first?.tenant_id ?? null, actingRole: first?.role_key ?? null, isGlobal: false };
  const token = await createSession(
    deps.db,
    { userId: user.id, ...context, ip: origin.ip, userAgent: origin.userAgent, signedInAsBy: auth.userId },
    deps.config.session.maxDays,
  );
  await recordSensitiveAction(deps.db, {
    actor: actorOf(auth),
    tenantId: context.tenantId,
    name: 'Signed in as another user',
    content: `${auth.email} signed in as ${user.email} from ${origin.ip}.`,
  });
  deps.log.warn({ event: 'sign_in_as', by: auth.email, as: user.email, ip: origin.ip }, 'sign-in as another user');
  return loginAnswer(deps.db, token, { userId: user.id, ...context, signedInAsBy: auth.userId }, deps.config.signInAsAdmins);
}
