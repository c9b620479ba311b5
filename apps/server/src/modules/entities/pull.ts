import type { EntityRecord } from '@turnout/shared';
import { type Kysely, sql } from 'kysely';
import { type AuthContext, dbContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { forbidden, invalid } from '../../platform/http/errors.ts';
import { typeForRecords } from '../entity-types/service.ts';
import { findRow, present, saveVersioned, scopeFor } from './service.ts';
import { displayNameOf } from './values.ts';

export const PULL_LIMIT = 100;

/**
 * Random pull (spec 01 §7, 02 §5, §6): a custom-functionality field of kind
 * random-entity-pull names a target type (params.sourceName, or entityTypeTarget); pulling
 * draws `count` records of that type at random from the record's tenant and stores them in the
 * field as `{ count, pulled_at, pulled: [{ id, display_name, uri }] }`, replacing the previous
 * draw, and saves a version. Global admins only.
 */
export async function randomPull(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  id: string,
  fieldName: string,
  count: number,
): Promise<EntityRecord> {
  if (!auth.isGlobalAdmin) throw forbidden('An error occurred when performing random pull. Check permissions.');
  const scope = await scopeFor(db, auth, typeName);
  const field = scope.type.fields.find((f) => f.field_data.property === fieldName);
  const params = field?.field_data.params ?? {};
  const target = (params.sourceName ?? params.entityTypeTarget) as unknown;
  if (field?.field_data.type !== 'custom-functionality' || params.customFunctionalityType !== 'random-entity-pull') {
    throw invalid({ fieldName: ['The field is not a random pull field of this record.'] });
  }
  if (typeof target !== 'string' || !target) throw invalid({ fieldName: ['The field names no entity type to pull from.'] });
  const targetType = await typeForRecords(db, auth, target).catch(() => {
    throw invalid({ fieldName: [`Entity type '${target}' not found.`] });
  });
  return withContext(db, dbContext(auth), async (tx) => {
    const row = await findRow(tx, scope, id);
    const pulled = await tx
      .selectFrom('entity')
      .select(['id', 'display_name', 'uri'])
      .where('tenant_id', '=', scope.tenantId)
      .where('entity_type_id', '=', targetType.id)
      .where('deleted_at', 'is', null)
      .where('id', '!=', row.id)
      .orderBy(sql`random()`)
      .limit(count)
      .execute();
    const data = { ...row.data, [fieldName]: { count, pulled_at: new Date().toISOString(), pulled } };
    const updated = await saveVersioned(tx, scope, row, auth, {
      data: JSON.stringify(data),
      display_name: displayNameOf(scope.type, data),
    });
    return present(scope, updated);
  });
}
