import type { EntityType, FieldDefinition } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import { decisionText, mayApprove } from './approvals.ts';
import { conflictRows, keepMine } from './conflict.ts';
import {
  changedValues,
  clientErrors,
  effectState,
  errorsByPage,
  fieldMessage,
  isFieldEditable,
  isFieldVisible,
  pageLabelOf,
  prefillFrom,
  recomputed,
  showsRequired,
  stepPage,
  visiblePages,
} from './form-model.ts';
import { recordGates, showsStatus } from './gates.ts';
import { formatStamp, formVersion } from './time-format.ts';

const def = (property: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  property,
  title: property.replace(/_/g, ' '),
  type: 'single-text',
  page: 1,
  ...extra,
});

function typeWith(partial: Partial<EntityType>): EntityType {
  return {
    id: 't1',
    name: 'hose',
    label: 'Hose',
    tenant_id: 'x',
    sort_order: 0,
    is_module: false,
    is_core: false,
    is_task: false,
    is_global: false,
    date_significant: false,
    modified_at: '2026-01-02T03:04:05Z',
    object_data: {},
    pages: 1,
    fields: [],
    actions: [],
    alarms: [],
    reports: [],
    allowed_transitions: [],
    ...partial,
  } as EntityType;
}

const viewer = { role: 'Tenant User', isGlobalAdmin: false };
const noEffects = effectState(typeWith({}), {});

describe('pages', () => {
  it('labels pages from page_labels, Page N by default', () => {
    const type = typeWith({ pages: 3, object_data: { page_labels: ['Incident', ''] } });
    expect([1, 2, 3].map((p) => pageLabelOf(type, p))).toEqual(['Incident', 'Page 2', 'Page 3']);
  });

  it('skips pages hidden by role rules and by rules of actions when paging', () => {
    const type = typeWith({
      pages: 4,
      object_data: { page_visibility_rules: [['ALL'], ['Tenant Admin'], [], ['Tenant User']] },
      actions: [
        {
          name: 'hide 3',
          enabled: true,
          ruleset_json: { '==': [{ var: 'kind' }, 'small'] },
          effects: [{ type: 'hide-pages', pages: [3] }],
        },
      ] as never,
    });
    const pages = visiblePages(type, 'Tenant User', effectState(type, { kind: 'small' }));
    expect(pages).toEqual([1, 4]);
    expect(stepPage(pages, 1, 1)).toBe(4);
    expect(stepPage(pages, 4, -1)).toBe(1);
    expect(stepPage(pages, 4, 1)).toBeNull();
    expect(visiblePages(type, 'Tenant Admin', effectState(type, { kind: 'big' }))).toEqual([1, 2, 3]);
  });

  it('keeps show-pages targets hidden until their rule holds; a broken rule counts as false', () => {
    const type = typeWith({
      pages: 2,
      actions: [
        { name: 'show 2', ruleset_json: { '==': [{ var: 'more' }, true] }, effects: [{ type: 'show-pages', pages: [2] }] },
        { name: 'broken', ruleset_json: { nonsense_operator: [1] }, effects: [{ type: 'hide-pages', pages: [1] }] },
      ] as never,
    });
    expect(visiblePages(type, null, effectState(type, {}))).toEqual([1]);
    expect(visiblePages(type, null, effectState(type, { more: true }))).toEqual([1, 2]);
  });
});

describe('field visibility', () => {
  it('follows visible_to, flags and hide/show-fields effects', () => {
    const type = typeWith({
      actions: [
        { name: 'a', ruleset_json: { '==': [{ var: 'x' }, 1] }, effects: [{ type: 'hide-fields', fields: ['secret'] }] },
        { name: 'b', ruleset_json: { '==': [{ var: 'y' }, 1] }, effects: [{ type: 'show-fields', fields: ['later'] }] },
      ] as never,
    });
    const chiefsOnly = def('pay', { permissions: { visible_to: ['Tenant Admin'] } });
    expect(isFieldVisible(chiefsOnly, viewer, noEffects)).toBe(false);
    expect(isFieldVisible(chiefsOnly, { role: 'Tenant Admin', isGlobalAdmin: false }, noEffects)).toBe(true);
    expect(isFieldVisible(def('any', { permissions: { visible_to: ['ALL'] } }), viewer, noEffects)).toBe(true);
    expect(isFieldVisible(def('g', { flags: { globalAdminOnly: true } }), viewer, noEffects)).toBe(false);
    expect(isFieldVisible(def('g', { flags: { adminOrGlobalAdminOnly: true } }), { ...viewer, isTenantAdmin: true }, noEffects)).toBe(true);
    expect(isFieldVisible(def('secret'), viewer, effectState(type, { x: 1 }))).toBe(false);
    expect(isFieldVisible(def('secret'), viewer, effectState(type, { x: 2 }))).toBe(true);
    expect(isFieldVisible(def('later'), viewer, effectState(type, {}))).toBe(false);
    expect(isFieldVisible(def('later'), viewer, effectState(type, { y: 1 }))).toBe(true);
  });

  it('collects setPropertyClient values and setFilterClient rules while their rule holds', () => {
    const type = typeWith({
      actions: [
        {
          name: 'c',
          ruleset_json: { '==': [{ var: 'kind' }, 'fire'] },
          effects: [
            {
              type: 'setPropertyClient',
              pairs: [
                { source: 'priority', value: 'high' },
                { source: 'copy', value: { var: 'kind' } },
              ],
            },
            { type: 'setFilterClient', source: 'unit', rules: { '==': [{ var: 'kind' }, 'engine'] } },
          ],
        },
      ] as never,
    });
    const on = effectState(type, { kind: 'fire' });
    expect(on.setProperties).toEqual({ priority: 'high', copy: 'fire' });
    expect(on.filters).toEqual({ unit: { '==': [{ var: 'kind' }, 'engine'] } });
    expect(effectState(type, { kind: 'ems' }).setProperties).toEqual({});
  });
});

describe('editability', () => {
  const saved = { serial: 'A1', empty: null };
  it('is off in view mode and for computed and display types', () => {
    expect(isFieldEditable(def('a'), 'view', viewer, saved)).toBe(false);
    expect(isFieldEditable(def('a'), 'edit', viewer, saved)).toBe(true);
    expect(isFieldEditable(def('f', { type: 'formula-result' }), 'edit', viewer, saved)).toBe(false);
    expect(isFieldEditable(def('h', { type: 'heading' }), 'add', viewer, saved)).toBe(false);
  });
  it('honours readonly (global admins override), on_create_only, updatable_only_when_null and modifiable_by', () => {
    const readonly = def('r', { params: { readonly: true } });
    expect(isFieldEditable(readonly, 'edit', viewer, saved)).toBe(false);
    expect(isFieldEditable(readonly, 'edit', { role: null, isGlobalAdmin: true }, saved)).toBe(true);
    const once = def('o', { validation: { on_create_only: true } });
    expect(isFieldEditable(once, 'add', viewer, {})).toBe(true);
    expect(isFieldEditable(once, 'edit', viewer, saved)).toBe(false);
    const whenNull = (p: string) => def(p, { params: { updatable_only_when_null: true } });
    expect(isFieldEditable(whenNull('serial'), 'edit', viewer, saved)).toBe(false);
    expect(isFieldEditable(whenNull('empty'), 'edit', viewer, saved)).toBe(true);
    const officers = def('sig', { permissions: { modifiable_by: ['Lieutenant'] } });
    expect(isFieldEditable(officers, 'edit', viewer, saved)).toBe(false);
    expect(isFieldEditable(officers, 'edit', { role: 'Lieutenant', isGlobalAdmin: false }, saved)).toBe(true);
    expect(isFieldEditable(officers, 'edit', { role: 'Junior', isGlobalAdmin: true }, saved)).toBe(true);
  });
  it('shows the required marker only when editable', () => {
    const required = def('n', { validation: { required: true } });
    expect(showsRequired(required, true)).toBe(true);
    expect(showsRequired(required, false)).toBe(false);
  });
});

describe('validation messages', () => {
  const name = def('unit_name', { title: 'Unit name', validation: { required: true } });
  const notes = def('notes', { title: 'Notes', page: 2 });
  it('says required and too long in the words of spec 02 §5, once touched', () => {
    const errors = clientErrors([name, notes], { unit_name: '', notes: 'x'.repeat(256) }, () => true);
    expect(errors).toEqual({
      unit_name: ['Unit name is a required field.'],
      notes: ['Notes must be less than 255 characters long. (Currently 256)'],
    });
    expect(fieldMessage('unit_name', {}, errors, false)).toBeUndefined();
    expect(fieldMessage('unit_name', {}, errors, true)).toBe('Unit name is a required field.');
  });
  it("lets the server's messages, joined with commas, override the client's", () => {
    expect(fieldMessage('unit_name', { unit_name: ['Taken.', 'Too odd.'] }, { unit_name: ['x'] }, false)).toBe('Taken., Too odd.');
  });
  it('groups messages by page for the error panel', () => {
    const type = typeWith({ pages: 2, object_data: { page_labels: ['Unit'] } });
    const messages: Record<string, string> = { unit_name: 'Unit name is a required field.', notes: 'Bad.' };
    expect(errorsByPage(type, [name, notes], (p) => messages[p])).toEqual([
      { page: 1, label: 'Unit', items: [{ property: 'unit_name', title: 'Unit name', message: 'Unit name is a required field.' }] },
      { page: 2, label: 'Page 2', items: [{ property: 'notes', title: 'Notes', message: 'Bad.' }] },
    ]);
  });
});

describe('values', () => {
  it('recomputes formula results live, leaving a failing formula alone', () => {
    const total = def('total', { type: 'formula-result', params: { contentsFormula: '{a} + {b}' } });
    const broken = def('broken', { type: 'formula-result', params: { contentsFormula: '{a} / 0' } });
    expect(recomputed([total, broken], { a: 2, b: 3, broken: 7 })).toEqual({ total: 5 });
    expect(recomputed([total], { a: 2, b: 3, total: 5 })).toEqual({});
  });
  it('prefills known fields from field.{property} parameters', () => {
    const fields = [def('unit'), def('count', { type: 'number-entry' })];
    const search = new URLSearchParams('type=hose&field.unit=E1&field.count=3&field.other=x&field.flag=true');
    expect(prefillFrom(search, fields)).toEqual({ unit: 'E1', count: '3' });
  });
  it('sends only changed value fields', () => {
    const fields = [def('a'), def('b'), def('t', { type: 'formula-result' })];
    expect(changedValues(fields, { a: 'same', b: 'new', t: 9, id: 'x' }, { a: 'same', b: 'old', t: 1 })).toEqual({ b: 'new' });
  });
});

describe('conflict', () => {
  const fields = [def('unit', { title: 'Unit' }), def('notes', { title: 'Notes' }), def('crew', { title: 'Crew' })];
  const base = { unit: 'E1', notes: 'a', crew: '2', version: 3 };
  it('lists, field by field, my changes beside what the other save changed', () => {
    const rows = conflictRows(fields, base, { notes: 'mine', crew: '4' }, { ...base, crew: '5', unit: 'E2', version: 4 });
    expect(rows.map((r) => [r.property, r.mine, r.theirs, r.clash])).toEqual([
      ['unit', 'E1', 'E2', false],
      ['notes', 'mine', 'a', false],
      ['crew', '4', '5', true],
    ]);
  });
  it('keeps mine on top of the new version without dropping their other changes', () => {
    const theirs = { ...base, unit: 'E2', version: 4 };
    expect(keepMine({ notes: 'mine' }, theirs)).toEqual({ values: { ...theirs, notes: 'mine' }, changes: { notes: 'mine' }, version: 4 });
  });
});

describe('gates and texts', () => {
  const type = typeWith({ allowed_transitions: [{ name: 'mark_as_created', generates_tasks: [] }] as never });
  // Update on collections too: 'hose' is a collection (neither module nor task type).
  const can = (key: string, action: string) => (key === 'hose' && action !== 'delete') || key === 'update_collections';
  const user = { isGlobalAdmin: false, isTenantAdmin: false, actingGlobal: false, personnelId: null };
  it('shows the status selector for show_status, tasks or transitions beyond created/finalised', () => {
    expect(showsStatus(type)).toBe(false);
    expect(showsStatus({ ...type, object_data: { show_status: true } })).toBe(true);
    expect(showsStatus({ ...type, allowed_transitions: [{ name: 'mark_as_submitted', generates_tasks: [] }] as never })).toBe(true);
  });
  it('gates menu items by permission, saved state and mode', () => {
    const record = { id: 'r', tenant_id: 't', available_transitions: [{ name: 'x' }] };
    const edit = recordGates({ type, record, mode: 'edit', can, user, hasVersionPdf: false });
    expect(edit).toMatchObject({ deleteRecord: false, viewActions: false, exportJson: false, editType: false, statusEnabled: true });
    expect(edit.enableEditing).toEqual({ shown: true, disabled: false, reason: null });
    expect(recordGates({ type, record, mode: 'view', can, user, hasVersionPdf: true })).toMatchObject({
      statusEnabled: false,
      exportJson: true,
    });
    const add = recordGates({ type, record: null, mode: 'add', can: () => true, user, hasVersionPdf: false });
    expect(add).toMatchObject({ deleteRecord: false, versions: false, print: false });
    expect(add.enableEditing.disabled).toBe(true);
  });
  it('formats approval stamps as yyyy-MM-dd h:mm a and the form version as yyyyMMddHHmmss', () => {
    const at = new Date(2026, 0, 2, 15, 4, 5);
    expect(formatStamp(at)).toBe('2026-01-02 3:04 PM');
    expect(formVersion(at)).toBe('20260102150405');
    expect(formatStamp('nonsense')).toBe('');
  });
});

describe('approvals', () => {
  const field = def('pay', { params: { approverRoles: ['Tenant Admin'] } });
  it('lets approver roles, ALL and global admins decide', () => {
    expect(mayApprove(field, 'Tenant Admin', false)).toBe(true);
    expect(mayApprove(field, 'Tenant User', false)).toBe(false);
    expect(mayApprove(field, 'Tenant User', true)).toBe(true);
    expect(mayApprove(def('x', { params: { approverRoles: ['ALL'] } }), 'Junior', false)).toBe(true);
    expect(mayApprove(def('x'), 'Tenant Admin', true)).toBe(false);
  });
  it("reads 'approved by {user} at {time}'", () => {
    expect(decisionText('approved', { by_name: 'Riley Chief', at: new Date(2026, 10, 21, 9, 5).toISOString() })).toBe(
      'approved by Riley Chief at 2026-11-21 9:05 AM',
    );
  });
});
