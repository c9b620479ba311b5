// @vitest-environment jsdom
import '../../../test/dom.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser, EntityType, EntityTypeInput } from '@turnout/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, routeFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { makeGlobalAdmin, makeUser, RIVERSIDE } from '../../../test/users.ts';
import { CurrentUserProvider } from '../../identity/current-user.tsx';
import { EntityTypeEditorPage } from './EntityTypeEditorPage.tsx';

const ID = '5d0c7a52-3c3f-4d39-9c7a-1f6a0f0b2f11';
const LOADED_AT = '2026-11-01T08:00:00.000Z';

function hoseTest(overrides: Partial<EntityType> = {}): EntityType {
  const field = (id: string, property: string, title: string, tenant_id: string | null = RIVERSIDE.id, sort_order = 1000) => ({
    id,
    offline_id: `off-${id}`,
    tenant_id,
    modified_at: LOADED_AT,
    title,
    field_data: { property, title, type: 'single-text', page: 1, sort_order, table_sort_order: 10_000, validation: {} },
  });
  return {
    id: ID,
    name: 'hose_test',
    label: 'Hose Test',
    tenant_id: RIVERSIDE.id,
    sort_order: 1000,
    pages: 1,
    is_module: false,
    is_core: false,
    is_task: false,
    is_global: false,
    date_significant: false,
    modified_at: LOADED_AT,
    object_data: { page_labels: ['Hose'] },
    fields: [field('f1', 'hose_id', 'Hose ID', RIVERSIDE.id, 1000), field('f2', 'notes', 'Notes', RIVERSIDE.id, 2000)],
    actions: [],
    alarms: [],
    reports: [],
    allowed_transitions: [{ name: 'mark_as_created', generates_tasks: [] }],
    ...overrides,
  };
}

const TENANT_ADMIN = makeUser({
  acting_role: 'Tenant Admin',
  roles: [{ id: 'r2', name: 'Tenant Admin', label: 'Fire Chief', pivot: { tenant_id: RIVERSIDE.id } }],
});

let routes: ReturnType<typeof routeFetch>;

function open(
  user: CurrentUser,
  type: EntityType,
  put: (body: EntityTypeInput) => Response,
  path = `/settings/admin-tools/manage-entity-types/${ID}`,
) {
  routes = routeFetch({
    [`GET /api/entity-type/${ID}`]: () => json(200, { data: type }),
    'GET /api/entity-type/lite': () => json(200, { data: [] }),
    [`PUT /api/entity-type/${ID}`]: (_url, body) => put(body as EntityTypeInput),
    'POST /api/entity-type': (_url, body) =>
      json(201, { data: { ...type, ...(body as object), id: ID }, message: 'Entity type added successfully' }),
  });
  vi.stubGlobal('fetch', routes.fetch);
  const wrap = (element: React.ReactNode) => <CurrentUserProvider user={user}>{element}</CurrentUserProvider>;
  return renderRoutes(
    [
      { path: '/settings/admin-tools/manage-entity-types/:id', element: wrap(<EntityTypeEditorPage />) },
      { path: '/settings/admin-tools/manage-entity-types/index', element: <p>The list</p> },
    ],
    path,
  );
}

async function retitle(from: string, to: string) {
  fireEvent.click(screen.getByRole('tab', { name: /Fields/ }));
  fireEvent.click(await screen.findByRole('button', { name: `Field ${from}` }));
  const dialog = await screen.findByRole('dialog', { name: `Field: ${from}` });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: to } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
  await screen.findByRole('button', { name: `Field ${to}` });
}

const puts = () => routes.calls.filter((c) => c.method === 'PUT').map((c) => c.body as EntityTypeInput);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the entity type editor', { timeout: 20_000 }, () => {
  it('saves with PUT, stamping modified_at only on the field that changed', async () => {
    open(makeGlobalAdmin({ tenant_id: RIVERSIDE.id }), hoseTest(), (body) =>
      json(200, { data: { ...hoseTest(), label: body.label }, message: 'Updated Successfully' }),
    );
    expect(await screen.findByRole('heading', { name: 'Edit Hose Test' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await retitle('Notes', 'Remarks');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated Successfully')).toBeTruthy();
    const [body] = puts();
    const sent = body?.fields ?? [];
    expect(sent.map((f) => [f.id, f.modified_at ?? null])).toEqual([
      ['f1', null],
      ['f2', expect.any(String)],
    ]);
    expect(sent[1]?.field_data.title).toBe('Remarks');
    expect(body).toMatchObject({ name: 'hose_test', label: 'Hose Test', pages: 1 });
  });

  it('after a failed save keeps the fields as they were before it, marks the field the 422 names and keeps the message until dismissed', async () => {
    open(makeGlobalAdmin({ tenant_id: RIVERSIDE.id }), hoseTest(), () =>
      json(422, {
        message: 'The given data was invalid.',
        errors: { 'fields.1.field_data.property': ['The property has already been taken.'] },
      }),
    );
    await screen.findByRole('heading', { name: 'Edit Hose Test' });
    await retitle('Notes', 'Remarks');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The given data was invalid.')).toBeTruthy();
    expect(screen.getByText('The property has already been taken.', { selector: '[role="alert"]' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Field Remarks' })).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('lets a tenant admin on a global type change only their own fields, and sends only those', async () => {
    const global = hoseTest({ tenant_id: null, is_global: true });
    global.fields = [{ ...global.fields[0]!, tenant_id: null }, global.fields[1]!];
    open(TENANT_ADMIN, global, () => json(200, { data: global, message: 'Updated Successfully' }));
    await screen.findByRole('heading', { name: 'Edit Hose Test' });
    expect(screen.getByText(/This is a global entity type/)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Label' }) as HTMLInputElement).readOnly).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: /Fields/ }));
    expect(await screen.findByLabelText('Locked')).toBeTruthy();
    expect(screen.queryByRole('button', { name: "Drag to reorder 'Hose ID'" })).toBeNull();
    expect(screen.getByRole('button', { name: "Drag to reorder 'Notes'" })).toBeTruthy();
    await retitle('Notes', 'Department notes');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(
      puts()[0]
        ?.fields?.filter((f) => f.modified_at)
        .map((f) => f.id),
    ).toEqual(['f2']);
  });

  it('shows a view-only editor to a user who may not modify types', async () => {
    open(makeUser(), hoseTest(), () => json(500, {}));
    expect(await screen.findByText('View only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('asks to save a new type before its permissions, and shows Quiz Configuration only for quizzes', async () => {
    open(makeGlobalAdmin({ tenant_id: RIVERSIDE.id }), hoseTest(), () => json(500, {}), '/settings/admin-tools/manage-entity-types/add');
    expect(await screen.findByRole('heading', { name: 'New Entity Type' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: 'Ladder Test' } });
    expect((screen.getByRole('textbox', { name: 'Identifier' }) as HTMLInputElement).value).toBe('ladder_test');
    fireEvent.click(screen.getByRole('tab', { name: 'Permissions' }));
    expect(await screen.findByText('Please save the new entity type first.')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Quiz Configuration' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Additional Configuration' }));
    fireEvent.click(await screen.findByRole('switch', { name: /Quiz/ }));
    expect(await screen.findByRole('tab', { name: 'Quiz Configuration' })).toBeTruthy();
    // The home category and header place the type's tile on a category screen.
    const category = screen.getByRole('textbox', { name: 'Home category' }) as HTMLInputElement;
    fireEvent.change(category, { target: { value: 'Operations' } });
    expect(category.value).toBe('Operations');
    expect(screen.getByRole('textbox', { name: 'Category header' })).toBeTruthy();
  });
});
