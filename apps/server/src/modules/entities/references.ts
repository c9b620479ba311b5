import { sql } from 'kysely';
import type { Tx } from '../../platform/db/tenancy.ts';
import { invalid } from '../../platform/http/errors.ts';

export const ASSIGNEE_COLUMNS = ['assignee', 'assignee_2', 'assignee_3', 'assignee_4', 'assignee_5'] as const;

export const REFERENCE_MESSAGES = {
  notMember: 'The assignee must be a member of this department.',
  noParent: 'The parent record does not exist.',
};

/**
 * The ids a record's columns name must belong to the record's tenant (issue 19 #4, #6): each
 * assignee a user with a role or a personnel record in the department, the parent a record of
 * the department. Without this a foreign key refused a missing parent with a 500, and a user of
 * another department could be assigned. Runs in the record's tenant transaction; 422 per column.
 */
export async function checkReferences(tx: Tx, tenantId: string, body: Record<string, unknown>): Promise<void> {
  const errors: Record<string, string[]> = {};
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
