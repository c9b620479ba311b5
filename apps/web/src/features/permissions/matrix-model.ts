import {
  GRANTING_ACTIONS,
  PERMISSION_ACTIONS,
  type PermissionAction,
  type PermissionEntry,
  type PermissionKey,
  type PermissionLevel,
  type PermissionLevelName,
  type PermissionValue,
} from '@turnout/shared';
import type { EditView } from './permissions-api.ts';

/**
 * The permission editor's state: what the level has saved (`set` of GET /permissions-v2/edit)
 * and the cells changed since (`edits`). Unsaved changes are the edits that differ from `set`.
 */
export type Edits = Record<string, PermissionEntry>;

export const ACTION_LABELS: Record<PermissionAction, string> = {
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  view: 'View',
  reassign: 'Reassign',
  lock_children: 'Lock children',
};

const LEVEL_WORDS: Record<PermissionLevelName, string> = {
  system: 'system defaults',
  tenant: 'the tenant',
  role: 'the role',
  personnel: 'the person',
};

export const LEVEL_TITLES: Record<PermissionLevelName, string> = {
  system: 'System defaults',
  tenant: 'Tenant level',
  role: 'Role level',
  personnel: 'Personnel level',
};

function isLevelName(value: string | null): value is PermissionLevelName {
  return value === 'system' || value === 'tenant' || value === 'role' || value === 'personnel';
}

export function savedValue(set: PermissionLevel, key: string, action: PermissionAction): PermissionValue {
  return set[key]?.[action] ?? null;
}

/** The value a cell shows: the edit when there is one, else what is saved. */
export function valueAt(set: PermissionLevel, edits: Edits, key: string, action: PermissionAction): PermissionValue {
  const edited = edits[key];
  if (edited && action in edited) return edited[action] ?? null;
  return savedValue(set, key, action);
}

/** The three states in turn: inherit → allow → deny → inherit. */
export function nextValue(value: PermissionValue): PermissionValue {
  if (value === null) return true;
  if (value === true) return false;
  return null;
}

/** Sets one cell; an edit back to the saved value is no longer an edit. */
export function withEdit(set: PermissionLevel, edits: Edits, key: string, action: PermissionAction, value: PermissionValue): Edits {
  const entry: PermissionEntry = { ...edits[key] };
  if (value === savedValue(set, key, action)) delete entry[action];
  else entry[action] = value;
  const next: Edits = { ...edits };
  if (Object.keys(entry).length === 0) delete next[key];
  else next[key] = entry;
  return next;
}

/** The keys with at least one cell that differs from what is saved. */
export function changedKeys(set: PermissionLevel, edits: Edits): string[] {
  return Object.entries(edits)
    .filter(([key, entry]) =>
      PERMISSION_ACTIONS.some((action) => action in entry && (entry[action] ?? null) !== savedValue(set, key, action)),
    )
    .map(([key]) => key);
}

export function isDirty(set: PermissionLevel, edits: Edits): boolean {
  return changedKeys(set, edits).length > 0;
}

/** The actions a key takes: a special permission only its function (and lock_children); an entity type all of them. */
export function actionsOf(key: PermissionKey): readonly PermissionAction[] {
  if (key.kind !== 'special') return PERMISSION_ACTIONS;
  return PERMISSION_ACTIONS.filter((action) => action === key.function || action === 'lock_children');
}

/**
 * What Save sends: the whole entry of every changed key (the level's entry for a key sent is
 * replaced), each action the key takes with its value, null meaning inherit.
 */
export function changedEntries(view: Pick<EditView, 'keys' | 'set'>, edits: Edits): PermissionLevel {
  const byKey = new Map(view.keys.map((k) => [k.key, k]));
  const result: PermissionLevel = {};
  for (const key of changedKeys(view.set, edits)) {
    const known = byKey.get(key);
    const entry: PermissionEntry = {};
    for (const action of known ? actionsOf(known) : PERMISSION_ACTIONS) entry[action] = valueAt(view.set, edits, key, action);
    result[key] = entry;
  }
  return result;
}

/** Entity types first, then special permissions, each group in the server's order. */
export function groupKeys(keys: readonly PermissionKey[]): { title: string; keys: PermissionKey[] }[] {
  const groups = [
    { title: 'Entity types', keys: keys.filter((k) => k.kind === 'entity_type') },
    { title: 'Special permissions', keys: keys.filter((k) => k.kind === 'special') },
  ];
  return groups.filter((group) => group.keys.length > 0);
}

export interface InheritedValue {
  value: boolean;
  from: PermissionLevelName | null;
  locked: boolean;
  /** The level whose lock_children stopped the search. */
  lockedAt: PermissionLevelName | null;
}

export interface CellView {
  /** Special permissions take one action only: the other cells are not toggles at all. */
  applicable: boolean;
  value: PermissionValue;
  /** Differs from what is saved. */
  changed: boolean;
  /** What the levels above resolve to (none for lock_children). */
  inherited: InheritedValue | null;
  /** A level above locked this key: what this level sets does not apply. */
  lockedAbove: boolean;
  editable: boolean;
  /** Why the cell looks as it does: the tooltip and the accessible description. */
  note: string;
}

function inheritedOf(view: EditView, key: string, action: PermissionAction): InheritedValue | null {
  if (action === 'lock_children') return null;
  const raw = view.inherited[key]?.[action];
  if (!raw) return { value: false, from: null, locked: false, lockedAt: null };
  return {
    value: raw.value,
    from: isLevelName(raw.from) ? raw.from : null,
    locked: raw.locked,
    lockedAt: isLevelName(raw.locked_at) ? raw.locked_at : null,
  };
}

export function inheritedNote(inherited: InheritedValue | null, action: PermissionAction): string {
  if (!inherited) return action === 'lock_children' ? 'Not locked here: lower levels may override.' : 'Inherit.';
  const outcome = inherited.value ? 'allowed' : 'denied';
  if (!inherited.from) return `Not set above: ${outcome}.`;
  return `Inherited from ${LEVEL_WORDS[inherited.from]}: ${outcome}${inherited.locked ? ' (locked)' : ''}.`;
}

export function stateWord(value: PermissionValue): 'Allow' | 'Deny' | 'Inherit' {
  if (value === true) return 'Allow';
  if (value === false) return 'Deny';
  return 'Inherit';
}

function setNote(value: PermissionValue, action: PermissionAction, inherited: InheritedValue | null, lockedAbove: boolean): string {
  if (value === null) return inheritedNote(inherited, action);
  const overridden = lockedAbove ? ' A higher level locked this key: it does not apply.' : '';
  if (action === 'lock_children')
    return `${value ? 'Locked here: lower levels cannot override this key.' : 'Not locked (set here).'}${overridden}`;
  return `${value ? 'Allowed' : 'Denied'} here.${overridden}`;
}

export function cellView(view: EditView, edits: Edits, key: PermissionKey, action: PermissionAction): CellView {
  const applicable = actionsOf(key).includes(action) && (key.kind !== 'special' || action !== 'lock_children');
  const value = valueAt(view.set, edits, key.key, action);
  const saved = savedValue(view.set, key.key, action);
  const inherited = inheritedOf(view, key.key, action);
  const lockedAbove = GRANTING_ACTIONS.some((a) => view.inherited[key.key]?.[a]?.locked === true);
  const base = { value, changed: value !== saved, inherited, lockedAbove };
  if (!applicable) {
    return { ...base, applicable, editable: false, note: `${key.label} is granted by ${key.function ?? 'another action'} only.` };
  }
  if (key.globally_set && !view.can_edit_globally_set) {
    const current = value === null ? inheritedNote(inherited, action) : `${stateWord(value)} (set here).`;
    return { ...base, applicable, editable: false, note: `Set globally: only global admins can change it. ${current}` };
  }
  if (lockedAbove && value === null && saved === null) {
    return {
      ...base,
      applicable,
      editable: false,
      note: `Locked at ${inherited?.lockedAt ? `the ${inherited.lockedAt} level` : 'a higher level'}: this level cannot override it. ${inheritedNote(inherited, action)}`,
    };
  }
  return { ...base, applicable, editable: true, note: setNote(value, action, inherited, lockedAbove) };
}

/** Drops the edits that equal what is saved (after a save, or when the saved values changed). */
export function pruneEdits(set: PermissionLevel, edits: Edits): Edits {
  let next = edits;
  for (const [key, entry] of Object.entries(edits)) {
    for (const action of PERMISSION_ACTIONS) {
      if (action in entry) next = withEdit(set, next, key, action, entry[action] ?? null);
    }
  }
  return next;
}
