import { type Kysely, sql } from 'kysely';
import { type AuthContext, actingTenant, dbContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { invalid } from '../../platform/http/errors.ts';
import { createRecord, showRecord } from './service.ts';

/**
 * POST /entity/{type}/find_or_create: the first record whose values equal every pair of
 * `filter`, or a new one made from the rest of the body (with the filter's values).
 */
export async function findOrCreate(db: Kysely<DB>, auth: AuthContext, typeName: string, body: Record<string, unknown>) {
  const filter = body.filter;
  if (!filter || typeof filter !== 'object' || Array.isArray(filter) || Object.keys(filter).length === 0) {
    throw invalid({ filter: ['The filter field is required: an object of field property → value.'] });
  }
  const tenantId = actingTenant(auth);
  const pairs = Object.entries(filter as Record<string, unknown>);
  for (const [property, value] of pairs) {
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,99}$/.test(property)) throw invalid({ [`filter.${property}`]: ['Unknown field.'] });
    if (value !== null && typeof value === 'object')
      throw invalid({ [`filter.${property}`]: ['The filter value must be a string, number or boolean.'] });
  }
  // The type, its permission and field visibility are checked by showRecord/createRecord.
  const { rows } = await withContext(db, dbContext(auth), async (tx) => {
    let query = tx
      .selectFrom('entity')
      .innerJoin('entity_type', 'entity_type.id', 'entity.entity_type_id')
      .select('entity.id')
      .where('entity.tenant_id', '=', tenantId)
      .where('entity_type.name', '=', typeName)
      .where('entity.deleted_at', 'is', null);
    for (const [property, value] of pairs) query = query.where(sql<boolean>`entity.data->>${property} = ${String(value)}`);
    return { rows: await query.orderBy('entity.created_at').limit(1).execute() };
  });
  if (rows[0]) return { record: await showRecord(db, auth, typeName, rows[0].id, false), created: false };
  const { filter: _filter, ...rest } = body;
  return createRecord(db, auth, typeName, { ...rest, ...(filter as Record<string, unknown>) });
}
