import { type EntityRecord, makePageMeta, type PageMeta } from '@turnout/shared';
import type { Kysely } from 'kysely';
import { type AuthContext, dbContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { invalid } from '../../platform/http/errors.ts';
import { recordPresenter } from './present.ts';
import { inOrder, type ListQuery, listedQuery, listScope, mayUpdate } from './service.ts';

/** At most this many types in one list. */
export const MAX_LIST_TYPES = 20;
const SORTS = ['default', '-updated_at', 'updated_at', 'a_to_z', 'z_to_a', 'created_at', '-created_at'];

/** The type names of `entityTypeNames[]` (or `entityTypeNames`), repeated or comma-separated, without duplicates. */
export function typeNamesOf(query: Record<string, unknown>): string[] {
  const raw = [query['entityTypeNames[]'], query.entityTypeNames].flat().filter((v): v is string => typeof v === 'string');
  const names = [
    ...new Set(
      raw
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
  if (names.length === 0) throw invalid({ entityTypeNames: ['The entity type names field is required.'] });
  if (names.length > MAX_LIST_TYPES)
    throw invalid({ entityTypeNames: [`The entity type names may not have more than ${MAX_LIST_TYPES} items.`] });
  if (names.some((n) => n.length > 100))
    throw invalid({ entityTypeNames: ['An entity type name may not be greater than 100 characters.'] });
  return names;
}

/**
 * GET /entity/list?entityTypeNames[]=…: the records of several types in one list (spec 01 §7),
 * each checked as its own list is (the type exists: 404 'Entity Type not found.'; view on it:
 * 403; its filters), then merged in one order and paged together. Each record is presented
 * with its own type's field visibility.
 */
export async function listRecordsOfTypes(
  db: Kysely<DB>,
  auth: AuthContext,
  typeNames: string[],
  q: ListQuery,
  showDeleted: boolean,
): Promise<{ data: EntityRecord[]; meta: PageMeta }> {
  if (!SORTS.includes(q.sort)) throw invalid({ sort: ['The sort must be default, a_to_z, z_to_a or a date column.'] });
  const scopes: Awaited<ReturnType<typeof listScope>>[] = [];
  // One after another: the first type that is unknown or not viewable answers for the list.
  for (const name of typeNames) scopes.push(await listScope(db, auth, name, q, showDeleted));
  const listAs = scopes[0]!.listAs;
  return withContext(db, dbContext(listAs), async (tx) => {
    const parts = scopes.map(({ scope }) => listedQuery(tx, scope, q, auth).selectAll());
    const union = parts.slice(1).reduce((all, part) => all.unionAll(part), parts[0]!);
    const merged = tx.selectFrom(union.as('merged'));
    const counted = await merged.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await inOrder(merged.selectAll(), q.sort)
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
      .execute();
    const presenters = new Map(scopes.map(({ scope }) => [scope.type.id, recordPresenter(scope.type, scope.viewer, mayUpdate(scope))]));
    return {
      data: rows.map((row) => presenters.get(row.entity_type_id)!(row)),
      meta: makePageMeta(q.page, q.perPage, Number(counted.n), rows.length),
    };
  });
}
