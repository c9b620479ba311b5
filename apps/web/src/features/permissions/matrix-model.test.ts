import { describe, expect, it } from 'vitest';
import { MANAGE_LOGINS_KEY, MODIFY_TYPES_KEY, makeEditView, NOTICE_KEY } from '../../test/permissions.ts';
import { cellView, changedEntries, groupKeys, isDirty, nextValue, pruneEdits, valueAt, withEdit } from './matrix-model.ts';

describe('permission editor state', () => {
  it('cycles inherit → allow → deny → inherit', () => {
    expect(nextValue(null)).toBe(true);
    expect(nextValue(true)).toBe(false);
    expect(nextValue(false)).toBeNull();
  });

  it('has unsaved changes only while a cell differs from what is saved', () => {
    const set = { notice: { view: true } };
    let edits = withEdit(set, {}, 'notice', 'create', false);
    expect(isDirty(set, edits)).toBe(true);
    expect(valueAt(set, edits, 'notice', 'create')).toBe(false);
    edits = withEdit(set, edits, 'notice', 'create', null);
    expect(edits).toEqual({});
    expect(isDirty(set, edits)).toBe(false);
    edits = withEdit(set, edits, 'notice', 'view', null);
    expect(valueAt(set, edits, 'notice', 'view')).toBeNull();
    expect(isDirty(set, edits)).toBe(true);
    expect(isDirty({ notice: { view: null } }, edits)).toBe(false);
  });

  it('sends the whole entry of each changed key, inherit as null; a special permission only its function and lock', () => {
    const view = makeEditView({ set: { notice: { view: true, lock_children: true }, modify_entity_types: { lock_children: true } } });
    let edits = withEdit(view.set, {}, 'notice', 'create', false);
    edits = withEdit(view.set, edits, 'modify_entity_types', 'update', true);
    expect(changedEntries(view, edits)).toEqual({
      notice: { create: false, update: null, delete: null, view: true, reassign: null, lock_children: true },
      modify_entity_types: { update: true, lock_children: true },
    });
  });

  it('forgets the edits a save made true', () => {
    const edits = withEdit({}, withEdit({}, {}, 'notice', 'create', false), 'notice', 'view', true);
    expect(pruneEdits({ notice: { create: false } }, edits)).toEqual({ notice: { view: true } });
  });

  it('lists entity types first, then special permissions', () => {
    expect(groupKeys([MODIFY_TYPES_KEY, NOTICE_KEY]).map((g) => [g.title, g.keys.map((k) => k.key)])).toEqual([
      ['Entity types', ['notice']],
      ['Special permissions', ['modify_entity_types']],
    ]);
    expect(groupKeys([MODIFY_TYPES_KEY]).map((g) => g.title)).toEqual(['Special permissions']);
  });
});

describe('what a cell shows', () => {
  const view = makeEditView();

  it('shows the inherited value and where it comes from while the cell inherits', () => {
    const cell = cellView(view, {}, NOTICE_KEY, 'create');
    expect(cell).toMatchObject({
      applicable: true,
      editable: true,
      value: null,
      changed: false,
      inherited: { value: true, from: 'system' },
    });
    expect(cell.note).toBe('Inherited from system defaults: allowed.');
    expect(cellView(view, {}, NOTICE_KEY, 'delete').note).toBe('Not set above: denied.');
    expect(cellView(view, {}, MODIFY_TYPES_KEY, 'update').note).toBe('Inherited from the tenant: denied.');
    expect(cellView(view, {}, NOTICE_KEY, 'lock_children').inherited).toBeNull();
  });

  it('says what is set here, and marks a change', () => {
    const cell = cellView(view, withEdit(view.set, {}, 'notice', 'create', false), NOTICE_KEY, 'create');
    expect(cell).toMatchObject({ value: false, changed: true, editable: true, note: 'Denied here.' });
    expect(cellView(view, withEdit(view.set, {}, 'notice', 'lock_children', true), NOTICE_KEY, 'lock_children').note).toMatch(
      /^Locked here/,
    );
  });

  it('offers a special permission its one function only', () => {
    expect(cellView(view, {}, MODIFY_TYPES_KEY, 'update').applicable).toBe(true);
    for (const action of ['create', 'delete', 'view', 'reassign', 'lock_children'] as const) {
      const cell = cellView(view, {}, MODIFY_TYPES_KEY, action);
      expect(cell.applicable).toBe(false);
      expect(cell.note).toBe('Modify entity types is granted by update only.');
    }
  });

  it('disables globally-set keys for tenant-level users, and cells a higher level locked', () => {
    expect(cellView(view, {}, MANAGE_LOGINS_KEY, 'update').editable).toBe(false);
    expect(cellView(view, {}, MANAGE_LOGINS_KEY, 'update').note).toMatch(/^Locked at the system level/);
    const tenantView = makeEditView({ can_edit_globally_set: false, inherited: { ...view.inherited, manage_logins: {} } });
    const cell = cellView(tenantView, {}, MANAGE_LOGINS_KEY, 'update');
    expect(cell.editable).toBe(false);
    expect(cell.note).toMatch(/^Set globally: only global admins can change it\./);
    // A value this level still sets under a lock can be cleared.
    const lockedButSet = makeEditView({ set: { manage_logins: { update: true } } });
    expect(cellView(lockedButSet, {}, MANAGE_LOGINS_KEY, 'update')).toMatchObject({ editable: true, lockedAbove: true });
  });
});
