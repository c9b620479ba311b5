import { type EntityType, evaluateFormula, rollup } from '@turnout/shared';
import { sql } from 'kysely';
import type { Tx } from '../../platform/db/tenancy.ts';

/**
 * Computed fields (spec 02 §3, §4): formula-result from its contentsFormula over the record's
 * values (evaluateFormula: arithmetic or JSON logic, never eval); formula-result-rollup from
 * related records — those of type params.sourceName whose params.rollupRelationshipField
 * holds this record (its id, or a reference to it), or whose parent is this record —
 * aggregating params.targetEntityField by params.rollupType. Clients never set them.
 */
export async function computeFields(
  tx: Tx,
  type: EntityType,
  tenantId: string,
  recordId: string,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const next = { ...data };
  for (const field of type.fields) {
    const { property, type: fieldType, params = {} } = field.field_data;
    if (fieldType === 'formula-result') next[property] = evaluateFormula(params.contentsFormula, next);
  }
  for (const field of type.fields) {
    const { property, type: fieldType, params = {} } = field.field_data;
    if (fieldType !== 'formula-result-rollup') continue;
    const source = typeof params.sourceName === 'string' ? params.sourceName : type.name;
    const relation = typeof params.rollupRelationshipField === 'string' ? params.rollupRelationshipField : null;
    const target = typeof params.targetEntityField === 'string' ? params.targetEntityField : null;
    let query = tx
      .selectFrom('entity')
      .innerJoin('entity_type', 'entity_type.id', 'entity.entity_type_id')
      .select(sql<unknown>`entity.data -> ${target ?? ''}`.as('value'))
      .where('entity.tenant_id', '=', tenantId)
      .where('entity.deleted_at', 'is', null)
      .where('entity_type.name', '=', source)
      .where('entity.id', '<>', recordId);
    query = relation
      ? query.where((eb) =>
          eb.or([eb(sql`entity.data ->> ${relation}`, '=', recordId), eb(sql`entity.data -> ${relation} ->> 'id'`, '=', recordId)]),
        )
      : query.where('entity.parent_entity_id', '=', recordId);
    const rows = await query.limit(10_000).execute();
    const values = rows.map((r) => (target ? r.value : 1));
    next[property] = rollup(String(params.rollupType ?? 'count'), values);
  }
  return next;
}
