import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COLLECTIONS_EDIT_DENIED } from '@turnout/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';
import { multipartForm } from '../../test/multipart.ts';
import { SAMPLES } from '../files/test-samples.ts';

type Headers = Record<string, string>;
type Row = { id: string; version: number; uri: string; available_transitions: { name: string }[] };

const f = (property: string, type: string) => ({ field_data: { property, title: property, type, page: 1 } });

/**
 * Spec 02 §6: "update on collections gates non-module, non-task types". Editing a record of a
 * collection needs update on collections as well as update on its type; modules and task types
 * need update on the type only. Every member has it by default (migration 0014); a tenant, role
 * or person can be denied it.
 */
describe(`[RECORDS] editing collections needs update on collections, on ${TEST_DB}`, () => {
  let test: TestApp;
  let dataDir: string;
  let a: { id: string };
  let b: { id: string };
  let chiefA: Headers;
  let chiefB: Headers;
  let firefighterA: Headers;
  let lieutenantA: Headers;
  let firefighterB: Headers;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });
  const as = async (roleKey: string, tenantId: string) => signIn(test, (await makeUser(test, [{ roleKey, tenantId }])).email);
  const add = async (type: string, headers: Headers, values: Record<string, unknown> = { name: 'First' }): Promise<Row> => {
    const res = await call('POST', `/api/entity/${type}`, headers, values);
    if (res.statusCode !== 201) throw new Error(`add failed ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const denyCollections = async (headers: Headers, tenant: string, role: string) => {
    const res = await call('POST', '/api/permissions-v2', headers, {
      tenant,
      role,
      permissions: { update_collections: { update: false } },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'turnout-collections-'));
    test = await createTestApp({ dataDir });
    a = await makeTenant(test, 'Alpha');
    b = await makeTenant(test, 'Bravo');
    chiefA = await as('Tenant Admin', a.id);
    chiefB = await as('Tenant Admin', b.id);
    firefighterA = await as('Tenant User', a.id);
    lieutenantA = await as('Lieutenant', a.id);
    firefighterB = await as('Tenant User', b.id);
    const types = [
      { label: 'Report', is_module: false, is_task: false },
      { label: 'Engine', is_module: true, is_task: false },
      { label: 'Chore', is_module: false, is_task: true },
    ];
    for (const chief of [chiefA, chiefB]) {
      for (const type of types) {
        const res = await call('POST', '/api/entity-type', chief, {
          ...type,
          allowed_transitions: [{ name: 'mark_as_in_progress' }],
          fields: [f('name', 'single-text'), f('photo', 'single-file')],
        });
        if (res.statusCode !== 201) throw new Error(res.body);
      }
    }
    // Alpha's firefighters may not edit collections; its lieutenants and Bravo keep the default.
    await denyCollections(chiefA, a.id, 'Tenant User');
  });
  afterAll(async () => {
    await test.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('every member may edit collections by default', async () => {
    const me = async (headers: Headers) => (await call('GET', '/api/user', headers)).json().data.effective_permissions;
    expect((await me(lieutenantA)).update_collections.update).toBe(true);
    expect((await me(firefighterB)).update_collections.update).toBe(true);
    expect((await me(firefighterA)).update_collections.update).toBe(false);
    const record = await add('report', lieutenantA);
    const res = await call('PUT', `/api/entity/report/${record.id}`, lieutenantA, { version: record.version, name: 'Second' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Second', version: record.version + 1 });
  });

  it("refuses a role without it: no edit, no status change, no file on a collection's record, nothing written", async () => {
    // Creating is not editing: the firefighter may still add a report.
    const record = await add('report', firefighterA);
    expect(record.available_transitions).toEqual([]);
    const edit = await call('PUT', `/api/entity/report/${record.id}`, firefighterA, { version: record.version, name: 'Changed' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(COLLECTIONS_EDIT_DENIED);
    const status = await call('POST', `/api/entity/report/${record.id}/transition/mark_as_in_progress`, firefighterA, {});
    expect(status.statusCode).toBe(403);
    const body = multipartForm([
      { name: 'client_entity_id', value: record.id },
      { name: 'entity_field_id', value: 'photo' },
      { name: 'file', filename: 'front.png', content: SAMPLES.png },
    ]);
    const file = await test.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...firefighterA, ...body.headers },
      payload: body.payload,
    });
    expect(file.statusCode).toBe(403);
    const stored = (await call('GET', `/api/entity/report/${record.id}`, firefighterA)).json().data;
    expect(stored).toMatchObject({ name: 'First', version: record.version, place: 'created' });
    // A tenant admin edits it; the lieutenant, with the default, too.
    const byChief = await call('PUT', `/api/entity/report/${record.id}`, chiefA, { version: record.version, name: 'By chief' });
    expect(byChief.statusCode, byChief.body).toBe(200);
    expect(byChief.json().data.available_transitions.map((t: { name: string }) => t.name)).toContain('mark_as_in_progress');
    const byLieutenant = await call('PUT', `/api/entity/report/${record.id}`, lieutenantA, { version: record.version + 1, name: 'By LT' });
    expect(byLieutenant.statusCode, byLieutenant.body).toBe(200);
  });

  it('modules and task types need update on the type only', async () => {
    for (const type of ['engine', 'chore']) {
      const record = await add(type, firefighterA);
      expect(record.available_transitions.map((t) => t.name)).toContain('mark_as_in_progress');
      const res = await call('PUT', `/api/entity/${type}/${record.id}`, firefighterA, { version: record.version, name: 'Changed' });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
    }
  });

  it('update on collections does not stand in for update on the type', async () => {
    const record = await add('report', lieutenantA);
    const res = await call('POST', '/api/permissions-v2', chiefA, {
      tenant: a.id,
      role: 'Lieutenant',
      permissions: { report: { update: false } },
    });
    expect(res.statusCode, res.body).toBe(200);
    try {
      const edit = await call('PUT', `/api/entity/report/${record.id}`, lieutenantA, { version: record.version, name: 'No' });
      expect(edit.statusCode).toBe(403);
      expect(edit.json().message).not.toBe(COLLECTIONS_EDIT_DENIED);
    } finally {
      await call('POST', '/api/permissions-v2', chiefA, { tenant: a.id, role: 'Lieutenant', permissions: { report: { update: null } } });
    }
  });

  it("one tenant's denial stays in that tenant; another tenant's record is not found", async () => {
    const recordB = await add('report', firefighterB);
    const inB = await call('PUT', `/api/entity/report/${recordB.id}`, firefighterB, { version: recordB.version, name: 'Bravo edit' });
    expect(inB.statusCode, inB.body).toBe(200);
    const fromA = await call('PUT', `/api/entity/report/${recordB.id}`, lieutenantA, { version: recordB.version + 1, name: 'Alpha edit' });
    expect(fromA.statusCode).toBe(404);
    // Refused before any record is looked up: the answer says nothing about the id.
    const deniedFromA = await call('PUT', `/api/entity/report/${recordB.id}`, firefighterA, { version: recordB.version + 1, name: 'x' });
    expect(deniedFromA.statusCode).toBe(403);
    expect((await call('GET', `/api/entity/report/${recordB.id}`, chiefB)).json().data.name).toBe('Bravo edit');
  });

  it('refuses callers without a session', async () => {
    const record = await add('report', chiefA);
    const res = await test.app.inject({ method: 'PUT', url: `/api/entity/report/${record.id}`, payload: { version: 1, name: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});
