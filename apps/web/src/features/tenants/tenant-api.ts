import { paged, type TenantRecord, type TenantUpdate, tenantRecord } from '@turnout/shared';
import { z } from 'zod';
import { api } from '../../api/index.ts';

/** A tenant as GET/PUT /tenant/{id} answer it: the record and whether the caller may edit it. */
export type Department = TenantRecord & { can_edit: boolean };

const departmentAnswer = z.object({ data: tenantRecord.extend({ can_edit: z.boolean() }) });
const tenantPage = paged(tenantRecord);

export const TENANTS_QUERY_KEY = 'tenants';

/** GET /tenant/{id}: My Department (spec 01 §2.3 AdminTenantView). */
export async function fetchDepartment(id: string, signal?: AbortSignal): Promise<Department> {
  return (await api.get(`/tenant/${encodeURIComponent(id)}`, { signal, schema: departmentAnswer })).data;
}

/** PUT /tenant/{id}: the whole editable tenant; 422 answers carry per-field messages. */
export async function updateDepartment(id: string, body: TenantUpdate): Promise<Department> {
  return (await api.put(`/tenant/${encodeURIComponent(id)}`, body, { schema: departmentAnswer })).data;
}

/** GET /tenant?page&search: the global admin's tenant list (AdminTenantList). */
export function fetchTenantPage(query: { page: number; search: string }, signal?: AbortSignal) {
  return api.get('/tenant', { signal, query: { page: query.page, search: query.search || undefined }, schema: tenantPage });
}
