import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { invalid } from '../../platform/http/errors.ts';
import { createRecord, type RecordDeps, scopeFor } from './service.ts';

/** The wording of task-level validation (spec 01 §7: POST {base}/task, POST /tasks). */
export const TASK_MESSAGES = {
  typeRequired: 'The entity type field is required.',
  notTask: 'The selected entity type is not a task.',
  assigneeRequired: 'The assignee field is required.',
} as const;

/** The task type a POST /tasks body names: `type`, a name or the record's {name} as GET answers it. */
export function taskTypeNameOf(body: Record<string, unknown>): string {
  const type = body.type;
  const name =
    typeof type === 'string'
      ? type
      : type && typeof type === 'object' && typeof (type as { name?: unknown }).name === 'string'
        ? (type as { name: string }).name
        : '';
  if (!name.trim()) throw invalid({ type: [TASK_MESSAGES.typeRequired] });
  return name.trim();
}

/**
 * POST /entity/{type}/task and POST /tasks: adding a record as a task. On top of the record's
 * own validation (fields, permissions, assignees who are members), the type must be a task type
 * and the task must be assigned to someone.
 */
export async function createTask(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  body: Record<string, unknown>,
  deps: RecordDeps = {},
) {
  const scope = await scopeFor(db, auth, typeName);
  scope.guard.authorize(scope.type.name, 'create');
  const errors: Record<string, string[]> = {};
  if (!scope.type.is_task) errors.type = [TASK_MESSAGES.notTask];
  if (typeof body.assignee !== 'string' || !body.assignee) errors.assignee = [TASK_MESSAGES.assigneeRequired];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return createRecord(db, auth, typeName, body, deps);
}
