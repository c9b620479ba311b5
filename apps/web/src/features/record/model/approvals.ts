import { ALL_ROLES, type FieldDefinition } from '@turnout/shared';
import { formatStamp } from './time-format.ts';

/** Approvals per field (spec 02 §4 'Approval'), as the server keeps them (modules/entities/approvals.ts). */
export interface PendingChange {
  value?: unknown;
  by_name?: string;
  at?: string;
}
export interface ApprovalDecision {
  status?: string;
  by_name?: string;
  at?: string;
}

/** Whether the acting role may approve changes of this field (approverRoles, ALL, or a global admin). */
export function mayApprove(field: FieldDefinition, role: string | null, isGlobalAdmin: boolean): boolean {
  const roles = Array.isArray(field.params?.approverRoles) ? (field.params?.approverRoles as string[]) : [];
  if (roles.length === 0) return false;
  return isGlobalAdmin || roles.includes(ALL_ROLES) || (role !== null && roles.includes(role));
}

/** 'approved by {user} at {time}' (or rejected), time as yyyy-MM-dd h:mm a. */
export function decisionText(outcome: 'approved' | 'rejected', decision: ApprovalDecision): string {
  return `${outcome} by ${decision.by_name ?? 'someone'} at ${formatStamp(decision.at)}`;
}

/** The entry of one property in data_requiring_approval, data_approved or data_rejected. */
export const entryOf = <T>(bag: unknown, property: string): T | undefined =>
  bag && typeof bag === 'object' ? ((bag as Record<string, T>)[property] ?? undefined) : undefined;
