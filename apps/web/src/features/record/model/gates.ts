import { COLLECTIONS_EDIT_DENIED, collectionAllowsEditing, type EntityType } from '@turnout/shared';
import type { RecordMode } from './form-model.ts';

/** Why Enable Editing is off for a global admin at global level looking at a tenant's record. */
export const GLOBAL_CONTEXT_EDIT_DENIED = "Switch to the record's tenant to edit it.";

/** What the record screen offers (spec 01 §6, 02 §4, §6), as one pure function of who, what and which mode. */
export interface GateInput {
  type: Pick<EntityType, 'name' | 'is_task' | 'is_module' | 'object_data' | 'allowed_transitions'>;
  record: { id: string; tenant_id: string | null; available_transitions: unknown[] } | null;
  mode: RecordMode;
  can(key: string, action: 'view' | 'create' | 'update' | 'delete'): boolean;
  user: { isGlobalAdmin: boolean; isTenantAdmin: boolean; actingGlobal: boolean; personnelId: string | null };
  /** Some saved version of the record has a PDF (Export Record as JSON). */
  hasVersionPdf: boolean;
}

export interface EditingGate {
  shown: boolean;
  disabled: boolean;
  /** Why it is disabled, for the person (none in add mode, where there is nothing to enable). */
  reason: string | null;
}

export interface Gates {
  enableEditing: EditingGate;
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

/**
 * Enable Editing (spec 01 §6, 02 §6): shown with update on the type or on the person's own
 * personnel record; disabled in add mode, at global level for a tenant's record, and for a
 * collection (neither module nor task type) without update on collections.
 */
export function editingGate({ type, record, mode, can, user }: Omit<GateInput, 'hasVersionPdf'>): EditingGate {
  const ownPersonnel = record !== null && user.personnelId !== null && record.id === user.personnelId;
  const shown = can(type.name, 'update') || ownPersonnel;
  const tenantRecordAtGlobalLevel = user.actingGlobal && record?.tenant_id !== null && record?.tenant_id !== undefined;
  const reason = tenantRecordAtGlobalLevel
    ? GLOBAL_CONTEXT_EDIT_DENIED
    : !collectionAllowsEditing(can, type)
      ? COLLECTIONS_EDIT_DENIED
      : null;
  return { shown, disabled: mode === 'add' || reason !== null, reason: mode === 'add' ? null : reason };
}

/** Whether the person may edit this record at all: what a saved record opens in (edit, else view). */
export const mayEditRecord = (input: Omit<GateInput, 'hasVersionPdf' | 'mode'>): boolean => {
  const gate = editingGate({ ...input, mode: 'edit' });
  return gate.shown && !gate.disabled;
};

export function recordGates({ type, record, mode, can, user, hasVersionPdf }: GateInput): Gates {
  const saved = record !== null && mode !== 'add';
  return {
    enableEditing: editingGate({ type, record, mode, can, user }),
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

/**
 * The mode the screen opens in (spec 02 §4): a saved record in edit mode, in view mode when its
 * place is finalised or when the person may not edit it; an unsaved one in add mode. A mode asked
 * for (mode=…) is kept, except edit for a person who may not edit.
 */
export function openingMode(record: { place: string } | null, asked: RecordMode | undefined, mayEdit: boolean): RecordMode {
  if (!record) return asked ?? 'add';
  const wanted = asked ?? (record.place === 'finalised' ? 'view' : 'edit');
  return wanted === 'edit' && !mayEdit ? 'view' : wanted;
}
