import { ALL_ROLES, type EntityRecord, type EntityType, type FieldViewer } from '@turnout/shared';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { forbidden, invalid } from '../../platform/http/errors.ts';

/**
 * Approvals (spec 02 §4): a change to a field whose params list approverRoles waits in
 * data_requiring_approval until someone in those roles (or ALL, or a global admin) approves
 * it into the record, or rejects it. An approver's own changes apply at once.
 */
export interface PendingChange {
  value: unknown;
  by: string;
  by_name: string;
  at: string;
}

function approverRolesOf(type: EntityType, property: string): string[] {
  const roles = type.fields.find((f) => f.field_data.property === property)?.field_data.params?.approverRoles;
  return Array.isArray(roles) ? (roles as string[]) : [];
}

export function needsApproval(type: EntityType, property: string): boolean {
  return approverRolesOf(type, property).length > 0;
}

export function canApprove(type: EntityType, property: string, viewer: FieldViewer): boolean {
  const roles = approverRolesOf(type, property);
  if (roles.length === 0) return false;
  return viewer.isGlobalAdmin || roles.includes(ALL_ROLES) || (viewer.role !== null && roles.includes(viewer.role));
}

/** Splits checked values into those applied now and those that wait for approval. */
export function splitForApproval(type: EntityType, values: Record<string, unknown>, viewer: FieldViewer, auth: AuthContext) {
  const apply: Record<string, unknown> = {};
  const pending: Record<string, PendingChange> = {};
  const at = new Date().toISOString();
  for (const [property, value] of Object.entries(values)) {
    if (needsApproval(type, property) && !canApprove(type, property, viewer))
      pending[property] = { value, by: auth.userId, by_name: auth.displayName, at };
    else apply[property] = value;
  }
  return { apply, pending };
}

/** Checks a decision on pending changes and answers what to write. */
export function decide(
  type: EntityType,
  record: { data: Record<string, unknown>; pending: Record<string, PendingChange>; log: Record<string, Record<string, unknown>> },
  properties: unknown,
  outcome: 'approved' | 'rejected',
  viewer: FieldViewer,
  auth: AuthContext,
) {
  const key = outcome === 'approved' ? 'pendingApprovals' : 'pendingRejections';
  if (!Array.isArray(properties) || properties.length === 0 || !properties.every((p) => typeof p === 'string')) {
    throw invalid({ [key]: ['Choose at least one pending change.'] });
  }
  const data = { ...record.data };
  const pending = { ...record.pending };
  const log = { approved: { ...(record.log.approved ?? {}) }, rejected: { ...(record.log.rejected ?? {}) } };
  for (const property of properties as string[]) {
    const change = pending[property];
    if (!change) throw invalid({ [key]: [`'${property}' has no change waiting for approval.`] });
    if (!canApprove(type, property, viewer)) throw forbidden('You may not approve or reject this change.');
    if (outcome === 'approved') data[property] = change.value;
    delete pending[property];
    log[outcome][property] = { status: outcome, by: auth.userId, by_name: auth.displayName, at: new Date().toISOString() };
  }
  return { data, pending, log };
}

export type { DB, EntityRecord, Kysely };
