import { randomUUID } from 'node:crypto';
import { type EntityType, evaluateRule } from '@turnout/shared';
import type { Tx } from '../../platform/db/tenancy.ts';
import { fullType } from '../entity-types/repository.ts';
import { taskAssigned } from '../notifications/service.ts';
import type { EntityRow } from './present.ts';
import { displayNameOf } from './values.ts';

/**
 * Transitions that generate tasks (spec 03 §3 'Transition allowance'): for each generates_tasks
 * item whose conditions hold, a record of the item's task type is made, child of this record,
 * assigned to the user behind assignee_id_property (a personnel reference or a user id; or
 * 'creator_id' for the record's creator), with mapped_fields copied ({source, destination}) or
 * set ({value, destination}). Returns the ids made.
 */
interface GenerateItem {
  entity_type_id?: string;
  assignee_id_property?: string;
  mapped_fields?: { source?: string; destination?: string; value?: unknown }[];
  conditions?: { ruleset_json?: unknown } | null;
}

async function userBehind(tx: Tx, tenantId: string, value: unknown): Promise<string | null> {
  const id =
    value && typeof value === 'object' && 'id' in value ? String((value as { id: unknown }).id) : typeof value === 'string' ? value : null;
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  const person = await tx
    .selectFrom('personnel')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (person) return person.user_id;
  const user = await tx.selectFrom('app_user').select('id').where('id', '=', id).executeTakeFirst();
  return user?.id ?? null;
}

export async function generateTasks(
  tx: Tx,
  type: EntityType,
  row: EntityRow,
  transitionName: string,
  actingUserId: string,
): Promise<string[]> {
  const allowance = type.allowed_transitions.find((t) => t.name === transitionName);
  const made: string[] = [];
  for (const item of (allowance?.generates_tasks ?? []) as GenerateItem[]) {
    if (item.conditions?.ruleset_json && !evaluateRule(item.conditions.ruleset_json, row.data)) continue;
    if (!item.entity_type_id || !/^[0-9a-f-]{36}$/i.test(item.entity_type_id)) continue;
    const taskRow = await tx
      .selectFrom('entity_type')
      .selectAll()
      .where('id', '=', item.entity_type_id)
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('tenant_id', 'is', null), eb('tenant_id', '=', row.tenant_id)]))
      .executeTakeFirst();
    if (!taskRow?.is_task) continue;
    const taskType = await fullType(tx, taskRow, row.tenant_id);
    const data: Record<string, unknown> = {};
    for (const mapping of item.mapped_fields ?? []) {
      if (!mapping.destination || !taskType.fields.some((f) => f.field_data.property === mapping.destination)) continue;
      data[mapping.destination] = mapping.source ? row.data[mapping.source] : mapping.value;
    }
    const assignee =
      item.assignee_id_property === 'creator_id'
        ? row.created_by
        : item.assignee_id_property
          ? await userBehind(tx, row.tenant_id, row.data[item.assignee_id_property])
          : null;
    const id = randomUUID();
    await tx
      .insertInto('entity')
      .values({
        tenant_id: row.tenant_id,
        id,
        uri: `/entity/${taskType.name}/${id}`,
        offline_id: null,
        entity_type_id: taskType.id,
        display_name: displayNameOf(taskType, data),
        place: 'created',
        assignee,
        assignee_2: null,
        assignee_3: null,
        assignee_4: null,
        assignee_5: null,
        parent_entity_id: row.id,
        due_at: null,
        created_by: actingUserId,
        updated_by: actingUserId,
        deleted_at: null,
        data: JSON.stringify(data),
        data_requiring_approval: '{}',
      })
      .execute();
    await taskAssigned(
      tx,
      { tenantId: row.tenant_id, uri: `/entity/${taskType.name}/${id}`, displayName: displayNameOf(taskType, data), assignee },
      actingUserId,
    );
    made.push(id);
  }
  return made;
}
