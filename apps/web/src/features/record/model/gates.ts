import type { EntityType } from '@turnout/shared';
import type { RecordMode } from './form-model.ts';

/** What the record screen offers (spec 01 §6, 02 §4, §6), as one pure function of who, what and which mode. */
export interface GateInput {
  type: Pick<EntityType, 'name' | 'is_task' | 'object_data' | 'allowed_transitions'>;
  record: { id: string; tenant_id: string | null; available_transitions: unknown[] } | null;
  mode: RecordMode;
  can(key: string, action: 'view' | 'create' | 'update' | 'delete'): boolean;
  user: { isGlobalAdmin: boolean; isTenantAdmin: boolean; actingGlobal: boolean; personnelId: string | null };
  /** Some saved version of the record has a PDF (Export Record as JSON). */
  hasVersionPdf: boolean;
}

export interface Gates {
  enableEditing: { shown: boolean; disabled: boolean };
  deleteRecord: boolean;
  viewActions: boolean;
  exportJson: boolean;
  editType: boolean;
  versions: boolean;
  print: boolean;
  watch: boolean;
  statusShown: boolean;
  statusEnabled: boolean;
  versionPdfs: boolean;
}

const PLAIN_TRANSITIONS = new Set(['mark_as_created', 'mark_as_finalised']);

/** The selector shows if the type shows status, is a task, or has a transition that generates tasks or any but created/finalised. */
export function showsStatus(type: GateInput['type']): boolean {
  if (type.object_data.show_status === true || type.is_task) return true;
  return type.allowed_transitions.some((t) => (t.generates_tasks?.length ?? 0) > 0 || !PLAIN_TRANSITIONS.has(t.name));
}

export function recordGates({ type, record, mode, can, user, hasVersionPdf }: GateInput): Gates {
  const saved = record !== null && mode !== 'add';
  const ownPersonnel = record !== null && user.personnelId !== null && record.id === user.personnelId;
  const mayUpdate = can(type.name, 'update') || ownPersonnel;
  return {
    enableEditing: {
      shown: mayUpdate,
      // Disabled in global context for a tenant's record, and in add mode.
      disabled: mode === 'add' || (user.actingGlobal && record?.tenant_id !== null && record?.tenant_id !== undefined),
    },
    deleteRecord: saved && can(type.name, 'delete'),
    viewActions: saved && (user.isGlobalAdmin || user.isTenantAdmin),
    exportJson: saved && hasVersionPdf,
    editType: can('modify_entity_types', 'update'),
    versions: saved,
    print: saved,
    watch: saved,
    statusShown: showsStatus(type),
    statusEnabled: saved && mode !== 'view' && (record?.available_transitions.length ?? 0) > 0,
    versionPdfs: can('view_version_pdfs', 'view') || user.isGlobalAdmin,
  };
}
