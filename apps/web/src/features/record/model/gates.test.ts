import { COLLECTIONS_EDIT_DENIED, type EntityType } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import { editingGate, GLOBAL_CONTEXT_EDIT_DENIED, mayEditRecord, openingMode, recordGates } from './gates.ts';

// Enable Editing (spec 01 §6, 02 §6): update on the type or the own personnel record; disabled
// in global context for a tenant's record, in add mode, and for collections without permission.

const kind = (is_module: boolean, is_task: boolean) =>
  ({ name: 'incident_report', is_module, is_task, object_data: {}, allowed_transitions: [] }) as unknown as Pick<
    EntityType,
    'name' | 'is_task' | 'is_module' | 'object_data' | 'allowed_transitions'
  >;
const collection = kind(false, false);
const record = { id: 'r1', tenant_id: 't1', available_transitions: [] };
const member = { isGlobalAdmin: false, isTenantAdmin: false, actingGlobal: false, personnelId: 'p1' };
const granting =
  (...grants: string[]) =>
  (key: string, action: string) =>
    grants.includes(`${action} ${key}`);
const typeOnly = granting('update incident_report');
const both = granting('update incident_report', 'update update_collections');

describe('Enable Editing', () => {
  it('is disabled for a collection without update on collections, and says why', () => {
    const gate = editingGate({ type: collection, record, mode: 'view', can: typeOnly, user: member });
    expect(gate).toEqual({ shown: true, disabled: true, reason: COLLECTIONS_EDIT_DENIED });
    expect(editingGate({ type: collection, record, mode: 'view', can: both, user: member })).toEqual({
      shown: true,
      disabled: false,
      reason: null,
    });
  });

  it('modules and task types need update on the type only', () => {
    for (const type of [kind(true, false), kind(false, true)]) {
      expect(editingGate({ type, record, mode: 'view', can: typeOnly, user: member })).toEqual({
        shown: true,
        disabled: false,
        reason: null,
      });
    }
  });

  it('is hidden without update on the type, unless it is the person’s own personnel record', () => {
    const onlyCollections = granting('update update_collections');
    expect(editingGate({ type: collection, record, mode: 'view', can: onlyCollections, user: member }).shown).toBe(false);
    const own = { ...record, id: 'p1' };
    expect(editingGate({ type: collection, record: own, mode: 'view', can: onlyCollections, user: member })).toEqual({
      shown: true,
      disabled: false,
      reason: null,
    });
    // The collections rule holds for the own record as well.
    expect(editingGate({ type: collection, record: own, mode: 'view', can: () => false, user: member }).disabled).toBe(true);
  });

  it("is disabled at global level for a tenant's record, and in add mode without a reason", () => {
    const global = { ...member, isGlobalAdmin: true, actingGlobal: true };
    expect(editingGate({ type: collection, record, mode: 'view', can: () => true, user: global })).toEqual({
      shown: true,
      disabled: true,
      reason: GLOBAL_CONTEXT_EDIT_DENIED,
    });
    const systemRecord = { ...record, tenant_id: null };
    expect(editingGate({ type: collection, record: systemRecord, mode: 'view', can: () => true, user: global }).disabled).toBe(false);
    expect(editingGate({ type: collection, record: null, mode: 'add', can: typeOnly, user: member })).toEqual({
      shown: true,
      disabled: true,
      reason: null,
    });
  });

  it('is what recordGates offers, in the navigator, the header and the menu alike', () => {
    const gates = recordGates({ type: collection, record, mode: 'view', can: typeOnly, user: member, hasVersionPdf: false });
    expect(gates.enableEditing.reason).toBe(COLLECTIONS_EDIT_DENIED);
  });
});

describe('the mode a record opens in', () => {
  it('edit for a saved record the person may edit, view when finalised, add for a new one', () => {
    expect(openingMode({ place: 'created' }, undefined, true)).toBe('edit');
    expect(openingMode({ place: 'finalised' }, undefined, true)).toBe('view');
    expect(openingMode(null, undefined, false)).toBe('add');
    expect(openingMode(null, 'add', false)).toBe('add');
    expect(openingMode({ place: 'created' }, 'view', true)).toBe('view');
  });

  it('view when the person may not edit it, even when edit is asked for', () => {
    expect(openingMode({ place: 'created' }, undefined, false)).toBe('view');
    expect(openingMode({ place: 'created' }, 'edit', false)).toBe('view');
    expect(mayEditRecord({ type: collection, record, can: typeOnly, user: member })).toBe(false);
    expect(mayEditRecord({ type: collection, record, can: both, user: member })).toBe(true);
  });
});
