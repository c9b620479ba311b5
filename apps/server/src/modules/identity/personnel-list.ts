import { makePageMeta, type PageMeta } from '@turnout/shared';
import { type Kysely, sql } from 'kysely';
import { type AuthContext, actingTenant, dbContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type DbContext, readInContext, withContext } from '../../platform/db/tenancy.ts';

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

/**
 * The names of a department's members among these user ids (their personnel record's name, else
 * their account's), for lists that show who records are assigned to. Only members of `tenantId`
 * — a personnel record or a role there — are named: an id of anyone else (another department's
 * user, someone no longer a member) gets no name, so no name crosses departments. One query for
 * all the ids (a list page's) in one round trip, none when there are no ids.
 */
export async function memberNamesOf(
  db: Kysely<DB>,
  context: DbContext,
  tenantId: string,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (userIds.length === 0) return names;
  const [rows] = await readInContext(db, context, [
    db
      .selectFrom('app_user as u')
      .leftJoin('personnel as p', (join) => join.on('p.tenant_id', '=', tenantId).onRef('p.user_id', '=', 'u.id'))
      .select(['u.id', sql<string>`coalesce(p.display_name, u.display_name)`.as('display_name')])
      .where('u.id', 'in', [...new Set(userIds)])
      .where((eb) =>
        eb.or([
          eb('p.id', 'is not', null),
          eb.exists(
            eb.selectFrom('role_assignment as r').select('r.id').where('r.tenant_id', '=', tenantId).whereRef('r.user_id', '=', 'u.id'),
          ),
        ]),
      ),
  ]);
  for (const row of rows) names.set(row.id, row.display_name);
  return names;
}
