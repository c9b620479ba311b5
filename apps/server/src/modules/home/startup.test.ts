import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { login, makeGlobalAdmin, makeTenant, makeUser, signIn } from '../../test/identity.ts';

describe(`[HOME] what sign-in sends for the app's start on ${TEST_DB}`, () => {
  let test: TestApp;
  let chief: { email: string };
  let firefighter: { email: string };
  let otherChief: { email: string };

  beforeAll(async () => {
    test = await createTestApp();
    const alpha = await makeTenant(test, 'Alpha');
    const bravo = await makeTenant(test, 'Bravo');
    chief = await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: alpha.id }]);
    firefighter = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: alpha.id }]);
    otherChief = await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: bravo.id }]);
    const headers = await signIn(test, chief.email);
    const add = async (type: string, payload: object) => {
      const res = await test.app.inject({ method: 'POST', url: `/api/entity/${type}`, headers, payload });
      expect(res.statusCode, res.body).toBe(201);
    };
    await add('tree_category', { category_name: 'Home', sort_order: 0 });
    await add('screen_button', { name: 'My Tasks', navigate_to: '/tasks', position: 'home_screen', icon: 'list' });
    const secret = await test.app.inject({
      method: 'POST',
      url: '/api/entity-type',
      headers,
      payload: { label: 'Chief Only', fields: [{ field_data: { property: 'note', title: 'Note', type: 'single-text', page: 1 } }] },
    });
    expect(secret.statusCode, secret.body).toBeLessThan(300);
    await test.app.inject({
      method: 'POST',
      url: '/api/permissions-v2',
      headers,
      payload: { tenant: alpha.id, role: 'Tenant User', permissions: { chief_only: { view: false } } },
    });
  }, 180_000);
  afterAll(() => test.close());

  const startOf = async (email: string) => {
    const res = await login(test, email);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { core_entity_types: { name: string }[]; core_entities: { display_name: string; entity_type_id: string }[] };
  };

  it('sends the types the user may view and the home tree and buttons of the department', async () => {
    const start = await startOf(chief.email);
    const typeNames = start.core_entity_types.map((t) => t.name);
    expect(typeNames).toEqual(expect.arrayContaining(['tree_category', 'screen_button', 'chief_only']));
    expect(start.core_entities.map((e) => e.display_name).sort()).toEqual(['Home', 'My Tasks']);

    const theirs = await startOf(firefighter.email);
    expect(theirs.core_entity_types.map((t) => t.name)).not.toContain('chief_only');

    const other = await startOf(otherChief.email);
    expect(other.core_entity_types.map((t) => t.name)).not.toContain('chief_only');
    expect(other.core_entities).toEqual([]);

    const global = await startOf((await makeGlobalAdmin(test)).email);
    expect(global.core_entities).toEqual([]);
    expect(Array.isArray(global.core_entity_types)).toBe(true);
  });
});
