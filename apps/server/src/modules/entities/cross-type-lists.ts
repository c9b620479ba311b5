import { makePageMeta, type PageMeta } from '@turnout/shared';
import { type Kysely, sql } from 'kysely';
import { type AuthContext, actingTenant, dbContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';

/** Rows of records across types as search and task lists answer them. */
function toHits(
  rows: { id: string; entity_type_id: string; display_name: string; uri: string | null; place: string; updated_at: Date }[],
  types: { id: string; name: string; label: string }[],
): SearchHit[] {
  const byId = new Map(types.map((t) => [t.id, t]));
  return rows.map((r) => {
    const t = byId.get(r.entity_type_id)!;
    return {
      id: r.id,
      display_name: r.display_name,
      uri: r.uri,
      place: r.place,
      updated_at: r.updated_at.toISOString(),
      type: { id: t.id, name: t.name, label: t.label },
    };
  });
}

export interface SearchHit {
  id: string;
  display_name: string;
  uri: string | null;
  place: string;
  updated_at: string;
  type: { id: string; name: string; label: string };
}

/**
 * GET /search?query&page: records of every type the user may view in the acting tenant,
 * ranked by PostgreSQL full text search over display names and text values and by trigram
 * similarity of display names (so 'hydrnat' still finds 'Hydrant 12'). A type with
 * fields this role may not see is matched on its display names only, so a search never
 * reveals a hidden value.
 */
export async function searchRecords(
  db: Kysely<DB>,
  auth: AuthContext,
  term: string,
  page: number,
  visible: { id: string; name: string; label: string; hasHiddenFields: boolean }[],
): Promise<{ data: SearchHit[]; meta: PageMeta }> {
  const perPage = 48;
  const trimmed = term.trim();
  if (trimmed.length <= 2 || visible.length === 0) return { data: [], meta: makePageMeta(page, perPage, 0, 0) };
  const tenantId = actingTenant(auth);
  const full = visible.filter((t) => !t.hasHiddenFields).map((t) => t.id);
  const nameOnly = visible.filter((t) => t.hasHiddenFields).map((t) => t.id);
  const like = `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return withContext(db, dbContext(auth), async (tx) => {
    // The list view (migration 0013) lets the trigram and text indexes serve the search.
    const query = tx
      .selectFrom('entity_in_tenant')
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          ...(full.length
            ? [
                eb.and([
                  eb('entity_type_id', 'in', full),
                  eb.or([
                    sql<boolean>`search @@ websearch_to_tsquery('simple', ${trimmed})`,
                    eb('display_name', 'ilike', like),
                    sql<boolean>`display_name % ${trimmed}`,
                  ]),
                ]),
              ]
            : []),
          ...(nameOnly.length
            ? [
                eb.and([
                  eb('entity_type_id', 'in', nameOnly),
                  eb.or([eb('display_name', 'ilike', like), sql<boolean>`display_name % ${trimmed}`]),
                ]),
              ]
            : []),
        ]),
      );
    const total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await query
      .select(['id', 'entity_type_id', 'display_name', 'uri', 'place', 'updated_at'])
      .orderBy(
        sql`ts_rank(search, websearch_to_tsquery('simple', ${trimmed})) + CASE WHEN display_name ILIKE ${like} THEN 1 ELSE 0 END + similarity(display_name, ${trimmed})`,
        'desc',
      )
      .orderBy('updated_at', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return {
      data: toHits(rows, visible),
      meta: makePageMeta(page, perPage, total, rows.length),
    };
  });
}

/** What the tasks list filters by (spec 01 §2.8, §7): a page, search, status, due date and assignee. */
export interface TaskQuery {
  page: number;
  perPage: number;
  sort: 'default' | 'a_to_z' | 'z_to_a';
  displayName?: string | undefined;
  place?: string | undefined;
  dueAt?: string | undefined;
  /** 'me' or a user id; none lists everyone's. */
  assignee?: string | undefined;
}

/**
 * GET /tasks: records of task types (is_task) the user may view, assigned to the user
 * (any of the five assignee columns) unless `assignee=all`, soonest due first (or by name).
 */
export async function listTasks(
  db: Kysely<DB>,
  auth: AuthContext,
  q: TaskQuery,
  taskTypes: { id: string; name: string; label: string }[],
): Promise<{ data: SearchHit[] & { due_at?: string | null }[]; meta: PageMeta }> {
  const { page, perPage } = q;
  const tenantId = actingTenant(auth);
  if (taskTypes.length === 0) return { data: [], meta: makePageMeta(page, perPage, 0, 0) };
  return withContext(db, dbContext(auth), async (tx) => {
    let query = tx
      .selectFrom('entity')
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
      .where(
        'entity_type_id',
        'in',
        taskTypes.map((t) => t.id),
      );
    if (q.assignee) {
      const who = q.assignee === 'me' ? auth.userId : q.assignee;
      query = query.where((eb) =>
        eb.or(['assignee', 'assignee_2', 'assignee_3', 'assignee_4', 'assignee_5'].map((c) => eb(c as 'assignee', '=', who))),
      );
    }
    if (q.displayName) query = query.where('display_name', 'ilike', `%${q.displayName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (q.place) query = query.where('place', '=', q.place);
    if (q.dueAt) query = query.where(sql`(due_at AT TIME ZONE 'UTC')::date`, '=', q.dueAt);
    const total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    let ordered = query.select(['id', 'entity_type_id', 'display_name', 'uri', 'place', 'updated_at', 'due_at']);
    if (q.sort === 'a_to_z' || q.sort === 'z_to_a')
      ordered = ordered.orderBy(sql`lower(display_name)`, q.sort === 'a_to_z' ? 'asc' : 'desc');
    else ordered = ordered.orderBy(sql`due_at IS NULL`).orderBy('due_at');
    const rows = await ordered
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return {
      data: toHits(rows, taskTypes).map((hit, i) => ({ ...hit, due_at: rows[i]!.due_at ? rows[i]!.due_at!.toISOString() : null })),
      meta: makePageMeta(page, perPage, total, rows.length),
    };
  });
}
