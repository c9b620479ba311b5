import { sql } from 'kysely';
import type { Tx } from '../../platform/db/tenancy.ts';
import { invalid } from '../../platform/http/errors.ts';

export const ASSIGNEE_COLUMNS = ['assignee', 'assignee_2', 'assignee_3', 'assignee_4', 'assignee_5'] as const;

export const REFERENCE_MESSAGES = {
  notMember: 'The assignee must be a member of this department.',
  noParent: 'The parent record does not exist.',
  personnelNotMember: (title: string) => `${title} must be a member of this department.`,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A select-personnel field of the record's type, and the value the save would store in it. */
export interface PersonnelValues {
  fields: readonly { field_data: { property: string; title?: string | undefined; type: string } }[];
  values: Record<string, unknown>;
}

/** The ids a select-personnel value names: one { id } or (params.multiple) a list of them. */
function personIds(value: unknown): string[] {
  const refs = Array.isArray(value) ? value : [value];
  return refs.flatMap((ref) => (ref && typeof ref === 'object' && 'id' in ref ? [String((ref as { id: unknown }).id)] : []));
}

/**
 * The ids a record's columns name must belong to the record's tenant (issue 19 #4, #6): each
 * assignee a user with a role or a personnel record in the department, the parent a record of
 * the department. Without this a foreign key refused a missing parent with a 500, and a user of
 * another department could be assigned. Runs in the record's tenant transaction; 422 per column.
 */
export async function checkReferences(tx: Tx, tenantId: string, body: Record<string, unknown>, personnel?: PersonnelValues): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (personnel) Object.assign(errors, await checkPersonnelValues(tx, tenantId, personnel));
  const assignees = ASSIGNEE_COLUMNS.flatMap((column) => {
    const id = body[column];
    return typeof id === 'string' && id ? [[column, id] as const] : [];
  });
  if (assignees.length > 0) {
    const ids = [...new Set(assignees.map(([, id]) => id))];
    const members = await sql<{ user_id: string }>`
      SELECT user_id FROM role_assignment WHERE tenant_id = ${tenantId}::uuid AND user_id = ANY(${sql.val(ids)}::uuid[])
      UNION
      SELECT user_id FROM personnel WHERE tenant_id = ${tenantId}::uuid AND user_id = ANY(${sql.val(ids)}::uuid[])`.execute(tx);
    const known = new Set(members.rows.map((r) => r.user_id));
    for (const [column, id] of assignees) if (!known.has(id)) errors[column] = [REFERENCE_MESSAGES.notMember];
  }
  const parent = body.parent_entity_id;
  if (typeof parent === 'string' && parent) {
    const found = await tx.selectFrom('entity').select('id').where('tenant_id', '=', tenantId).where('id', '=', parent).executeTakeFirst();
    if (!found) errors.parent_entity_id = [REFERENCE_MESSAGES.noParent];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/**
 * Each person a select-personnel value names (its personnel record's id, or a member's user id)
 * must be of the record's department (issue 19 #6): ids of another department's people, or of
 * no one, are refused per field. Only the values being saved are checked.
 */
async function checkPersonnelValues(tx: Tx, tenantId: string, { fields, values }: PersonnelValues): Promise<Record<string, string[]>> {
  const named = fields.flatMap((field) => {
    const { property, type, title } = field.field_data;
    return type === 'select-personnel' && Object.hasOwn(values, property)
      ? [{ property, title: title || property, ids: personIds(values[property]) }]
      : [];
  });
  const ids = [...new Set(named.flatMap((n) => n.ids).filter((id) => UUID.test(id)))];
  const known = new Set<string>();
  if (ids.length > 0) {
    const rows = await sql<{ id: string }>`
      SELECT id FROM personnel WHERE tenant_id = ${tenantId}::uuid AND id = ANY(${sql.val(ids)}::uuid[])
      UNION
      SELECT user_id FROM personnel WHERE tenant_id = ${tenantId}::uuid AND user_id = ANY(${sql.val(ids)}::uuid[])
      UNION
      SELECT user_id FROM role_assignment WHERE tenant_id = ${tenantId}::uuid AND user_id = ANY(${sql.val(ids)}::uuid[])`.execute(tx);
    for (const row of rows.rows) known.add(row.id.toLowerCase());
  }
  const errors: Record<string, string[]> = {};
  for (const n of named)
    if (n.ids.some((id) => !known.has(id.toLowerCase()))) errors[n.property] = [REFERENCE_MESSAGES.personnelNotMember(n.title)];
  return errors;
}
