import type { PersonnelLogin } from '@turnout/shared';
import { fetchLogins } from '../manage-logins/logins-api.ts';

/** Enough people for one dropdown; the search box narrows further. */
const WANTED = 25;
const MAX_PAGES = 4;

/**
 * People of one tenant matching `search`, for the Personnel picker. The only personnel list is
 * Manage Logins' (global admins, every tenant, no tenant filter), so its pages are read until
 * enough of this tenant's people are found or MAX_PAGES pages were read.
 */
export async function findTenantPersonnel(tenantId: string, search: string, signal?: AbortSignal): Promise<PersonnelLogin[]> {
  const found: PersonnelLogin[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await fetchLogins('personnel', { page, search, sort: 'a_to_z' }, signal);
    found.push(...answer.data.filter((person) => person.tenant_id === tenantId));
    if (found.length >= WANTED || answer.meta.current_page >= answer.meta.last_page) break;
  }
  return found;
}
