import type { EntityRecord, PageMeta } from '@turnout/shared';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { typeForRecords } from '../entity-types/service.ts';
import { canApprove, needsApproval } from './approvals.ts';
import { type ListQuery, listRecords } from './service.ts';

/**
 * The queue of a type (spec 01 §7 '/queue suffix for queues', the forQueue list parameter;
 * docs/decisions/0010): its records waiting for a decision the caller may take, i.e. with a
 * pending change (data_requiring_approval) to a field the caller may approve. Same parameters,
 * permissions and answer as the list.
 */
export async function listQueue(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  q: Omit<ListQuery, 'approvable'>,
  showDeleted: boolean,
): Promise<{ data: EntityRecord[]; meta: PageMeta }> {
  return listRecords(db, auth, typeName, { ...q, approvable: await approvableBy(db, auth, typeName) }, showDeleted);
}

/** The properties of a type whose pending changes the caller may decide: what puts a record in their queue. */
export async function approvableBy(db: Kysely<DB>, auth: AuthContext, typeName: string): Promise<string[]> {
  const type = await typeForRecords(db, auth, typeName);
  const viewer = { role: auth.actingRole, isGlobalAdmin: auth.isGlobalAdmin };
  return type.fields
    .map((f) => f.field_data.property)
    .filter((property) => needsApproval(type, property) && canApprove(type, property, viewer));
}
