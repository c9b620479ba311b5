import {
  messageResponse,
  type PageMeta,
  type PersonnelLogin,
  paged,
  personnelLogin,
  type TenantLogin,
  tenantLogin,
  type UserLogin,
  userLogin,
} from '@turnout/shared';
import { api, type Parser } from '../../api/index.ts';

/** Manage Logins (spec 03 §2, §7): global admins only; the server answers 403 to anyone else. */
export type LoginKind = 'tenants' | 'users' | 'personnel';
export type LoginSort = 'a_to_z' | 'z_to_a';

export interface LoginRows {
  tenants: TenantLogin;
  users: UserLogin;
  personnel: PersonnelLogin;
}

export interface LoginPage<T> {
  data: T[];
  meta: PageMeta;
}

export const LOGINS_QUERY_KEY = 'admin-logins';

const pageSchemas: { [K in LoginKind]: Parser<LoginPage<LoginRows[K]>> } = {
  tenants: paged(tenantLogin),
  users: paged(userLogin),
  personnel: paged(personnelLogin),
};

export function fetchLogins<K extends LoginKind>(
  kind: K,
  query: { page: number; search: string; sort: LoginSort },
  signal?: AbortSignal,
): Promise<LoginPage<LoginRows[K]>> {
  return api.get(`/admin/logins/${kind}`, {
    signal,
    query: { page: query.page, search: query.search || undefined, sort: query.sort },
    schema: pageSchemas[kind],
  });
}

/** Reads `{ data: row }` with the row's schema. */
function dataOf<T>(schema: Parser<T>): Parser<T> {
  return { parse: (body) => schema.parse((body as { data?: unknown } | null)?.data) };
}

export interface SignInChange {
  signInEnabled: boolean;
  /** Sent only while sign-in is disabled: the message is editable only then (spec 03 §4). */
  signInDisabledError?: string | null;
}

export function updateTenantLogin(id: string, tenant: SignInChange): Promise<TenantLogin> {
  return api.put(`/admin/logins/tenants/${encodeURIComponent(id)}`, { tenant }, { schema: dataOf(tenantLogin) });
}

export interface UserLoginChange extends SignInChange {
  name?: string;
  reset_mfa?: boolean;
}

export function updateUserLogin(id: string, user: UserLoginChange): Promise<UserLogin> {
  return api.put(`/admin/logins/users/${encodeURIComponent(id)}`, { user }, { schema: dataOf(userLogin) });
}

export interface PersonnelLoginChange {
  display_name?: string;
  email_address?: string | null;
  /** 'yyyy-MM-dd' or null. */
  date_of_birth?: string | null;
  member_status1?: 'current' | 'past';
  role?: string;
}

export function updatePersonnelLogin(id: string, person: PersonnelLoginChange): Promise<PersonnelLogin> {
  return api.put(`/admin/logins/personnel/${encodeURIComponent(id)}`, { person }, { schema: dataOf(personnelLogin) });
}

/** POST /user/resend-welcome: mails a new set-password link (new_account). Answers RESENT_WELCOME. */
export function resendWelcome(email: string): Promise<{ message: string }> {
  return api.post('/user/resend-welcome', { email }, { schema: messageResponse });
}
