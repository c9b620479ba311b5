import { type CurrentUser, type LoginResponse, PAGE_SIZE, type PageMeta, type TenantRecord } from '@turnout/shared';
import { answer, answerData, api } from '../../api/index.ts';

export { USER_QUERY_KEY } from './user-query-key.ts';

const userData = answerData<CurrentUser>();
const tenantPage = answer<{ data: TenantRecord[]; meta: PageMeta }>();

export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return api.get('/user', { signal, schema: userData });
}

/** POST /user/select-tenant: act in `tenant` (its id) as `role` (a role key). */
export function selectTenant(tenant: string, role: string): Promise<CurrentUser> {
  return api.post('/user/select-tenant', { tenant, role }, { schema: userData });
}

/** POST /user/select-global: global admins back to global level. */
export function selectGlobal(): Promise<CurrentUser> {
  return api.post('/user/select-global', { tenant: null }, { schema: userData });
}

/** GET /tenant?page=n, every page up to last_page (spec 01 §7). */
export async function fetchAllTenants(signal?: AbortSignal): Promise<TenantRecord[]> {
  const tenants: TenantRecord[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.get('/tenant', { signal, query: { page, per_page: PAGE_SIZE.max }, schema: tenantPage });
    tenants.push(...answer.data);
    if (answer.meta.current_page >= answer.meta.last_page || answer.data.length === 0) return tenants;
  }
}

/** POST /admin/logins/get-token: a session as another user (allowed global admins only). */
export function signInAs(email: string): Promise<LoginResponse> {
  return api.post('/admin/logins/get-token', { email }, { schema: answer<LoginResponse>() });
}
