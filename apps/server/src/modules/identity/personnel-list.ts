import { makePageMeta, type PageMeta } from '@turnout/shared';
import type { Kysely } from 'kysely';
import { type AuthContext, actingTenant, dbContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';

export interface PersonnelChoice {
  id: string;
  display_name: string;
  role: string;
}

/**
 * GET /personnel?search&page&per_page: the acting department's current members, by name, for
 * the select-personnel field (spec 02 §3; selectors list up to 120, 24 a step). Every member of
 * the department may read names and roles; nothing else of a person is shown.
 */
export async function listPersonnelChoices(
  db: Kysely<DB>,
  auth: AuthContext,
  q: { page: number; perPage: number; search?: string | undefined },
): Promise<{ data: PersonnelChoice[]; meta: PageMeta }> {
  const tenantId = actingTenant(auth);
  return withContext(db, dbContext(auth), async (tx) => {
    let query = tx.selectFrom('personnel').where('tenant_id', '=', tenantId).where('member_status1', '=', 'current');
    if (q.search) query = query.where('display_name', 'ilike', `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await query
      .select(['id', 'display_name', 'role'])
      .orderBy('display_name')
      .orderBy('id')
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
      .execute();
    return { data: rows, meta: makePageMeta(q.page, q.perPage, total, rows.length) };
  });
}
