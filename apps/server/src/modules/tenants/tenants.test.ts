import { TENANT_MESSAGES } from '@turnout/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeGlobalAdmin, makeTenant, signedInAs, signIn, unique } from '../../test/identity.ts';
import { multipartForm } from '../../test/multipart.ts';
import { SAMPLES } from '../files/test-samples.ts';

type Headers = Record<string, string>;

describe(`[TENANTS] My Department and the tenant list on ${TEST_DB}`, () => {
  let test: TestApp;
  let alpha: { id: string; name: string; display_name: string };
  let bravo: { id: string; name: string; display_name: string };
  let chief: Headers;
  let trainer: Headers;
  let firefighter: Headers;
  let bravoChief: Headers;
  let admin: Headers;

  const valid = (over: Record<string, unknown> = {}) => ({
    name: alpha.name,
    display_name: 'Alpha Volunteer Fire',
    color: '#123abc',
    date_format: 'DATE_MED',
    time_format: 'TIME_24_WITH_SECONDS',
    SYSTEM_display_picture: null,
    ...over,
  });
  const put = (headers: Headers, payload: unknown, id = alpha.id) =>
    test.app.inject({ method: 'PUT', url: `/api/tenant/${id}`, headers, payload: payload as object });

  beforeAll(async () => {
    test = await createTestApp();
    alpha = await makeTenant(test, unique('Alpha'));
    bravo = await makeTenant(test, unique('Bravo'));
    chief = await signedInAs(test, 'Tenant Admin', alpha.id);
    trainer = await signedInAs(test, 'Trainer Admin', alpha.id);
    firefighter = await signedInAs(test, 'Tenant User', alpha.id);
    bravoChief = await signedInAs(test, 'Tenant Admin', bravo.id);
    admin = await signIn(test, (await makeGlobalAdmin(test)).email);
  });
  afterAll(() => test.close());

  it('refuses strangers (401), hides other tenants (404) and lets only admins edit (403)', async () => {
    expect((await test.app.inject({ method: 'GET', url: `/api/tenant/${alpha.id}` })).statusCode).toBe(401);
    expect((await put({}, valid())).statusCode).toBe(401);
    expect((await test.app.inject({ method: 'GET', url: `/api/tenant/${alpha.id}`, headers: bravoChief })).statusCode).toBe(404);
    expect((await put(bravoChief, valid())).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url: '/api/tenant/not-a-uuid', headers: chief })).statusCode).toBe(404);
    for (const reader of [firefighter, trainer]) {
      const seen = await test.app.inject({ method: 'GET', url: `/api/tenant/${alpha.id}`, headers: reader });
      expect(seen.statusCode).toBe(200);
      expect(seen.json().data).toMatchObject({ id: alpha.id, can_edit: false, time_format: 'TIME_WITH_SECONDS' });
      expect((await put(reader, valid())).statusCode).toBe(403);
    }
    const unchanged = await test.app.inject({ method: 'GET', url: `/api/tenant/${alpha.id}`, headers: chief });
    expect(unchanged.json().data).toMatchObject({ display_name: alpha.display_name, color: null, can_edit: true });
  });

  it('saves the colour and formats a chief chooses, and the signed-in user carries them', async () => {
    const res = await put(chief, valid());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Updated Successfully', data: { display_name: 'Alpha Volunteer Fire', color: '#123abc' } });
    const me = (await test.app.inject({ method: 'GET', url: '/api/user', headers: chief })).json().data;
    expect(me.tenant_record).toMatchObject({ color: '#123abc', date_format: 'DATE_MED', time_format: 'TIME_24_WITH_SECONDS' });
    expect(me.current_tenant).toBe('Alpha Volunteer Fire');
  });

  it('answers bad input with 422 per field and changes nothing', async () => {
    const res = await put(chief, {
      name: '',
      display_name: ' ',
      color: 'red',
      date_format: 'LLLL',
      time_format: 'TIME_SIMPLE',
      SYSTEM_display_picture: '/api/files/00000000-0000-4000-8000-000000000000/content',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['color', 'date_format', 'display_name', 'name', 'time_format']);
    expect(res.json().errors.color).toEqual([TENANT_MESSAGES.color]);
    const renamed = await put(chief, valid({ name: 'chief-rename' }));
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors).toEqual({ name: [TENANT_MESSAGES.nameGlobalOnly] });
    const picture = await put(chief, valid({ SYSTEM_display_picture: '/api/files/00000000-0000-4000-8000-000000000000/content' }));
    expect(picture.json().errors).toEqual({ SYSTEM_display_picture: [TENANT_MESSAGES.picture] });
    const taken = await put(admin, valid({ name: bravo.name.toUpperCase() }));
    expect(taken.json().errors).toEqual({ name: [TENANT_MESSAGES.nameTaken] });
    const after = (await test.app.inject({ method: 'GET', url: `/api/tenant/${alpha.id}`, headers: chief })).json().data;
    expect(after).toMatchObject({ name: alpha.name, color: '#123abc', date_format: 'DATE_MED' });
  });

  it('takes a display picture uploaded to the department, not one of another', async () => {
    const upload = async (headers: Headers) => {
      const body = multipartForm([{ name: 'file', filename: 'badge.png', content: SAMPLES.png }]);
      const res = await test.app.inject({
        method: 'POST',
        url: '/api/files',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(201);
      return res.json().data.url as string;
    };
    const other = await put(chief, valid({ SYSTEM_display_picture: await upload(bravoChief) }));
    expect(other.statusCode).toBe(422);
    const own = await upload(chief);
    const res = await put(chief, valid({ SYSTEM_display_picture: own }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.SYSTEM_display_picture).toBe(own);
  });

  it('lets a global admin rename any tenant, and search and page the tenant list', async () => {
    const name = unique('alpha-renamed').toLowerCase();
    expect((await put(admin, valid({ name }))).json().data.name).toBe(name);
    const prefix = unique('Listed');
    for (const n of ['A', 'B', 'C']) await makeTenant(test, `${prefix} ${n}`);
    const page1 = await test.app.inject({
      method: 'GET',
      url: `/api/tenant?search=${encodeURIComponent(prefix)}&per_page=2`,
      headers: admin,
    });
    expect(page1.json().data.map((t: { display_name: string }) => t.display_name)).toEqual([`${prefix} A`, `${prefix} B`]);
    expect(page1.json().meta).toMatchObject({ current_page: 1, last_page: 2, total: 3 });
    const mine = await test.app.inject({ method: 'GET', url: `/api/tenant?search=${encodeURIComponent(prefix)}`, headers: chief });
    expect(mine.json().data).toEqual([]);
    const tooLong = await test.app.inject({ method: 'GET', url: `/api/tenant?search=${'x'.repeat(101)}`, headers: admin });
    expect(tooLong.statusCode).toBe(422);
  });

  it("lists the department's current members for personnel pickers, by name, searched and paged", async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/personnel' })).statusCode).toBe(401);
    const all = await test.app.inject({ method: 'GET', url: '/api/personnel?per_page=2', headers: firefighter });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().meta).toMatchObject({ total: 3, last_page: 2 });
    expect(Object.keys(all.json().data[0]).sort()).toEqual(['display_name', 'id', 'role']);
    const roles = (await test.app.inject({ method: 'GET', url: '/api/personnel', headers: chief }))
      .json()
      .data.map((p: { role: string }) => p.role);
    expect(roles.sort()).toEqual(['Tenant Admin', 'Tenant User', 'Trainer Admin']);
    const bravo = (await test.app.inject({ method: 'GET', url: '/api/personnel', headers: bravoChief })).json();
    expect(bravo.meta.total).toBe(1);
    const none = await test.app.inject({ method: 'GET', url: '/api/personnel?search=zz-nobody', headers: chief });
    expect(none.json().data).toEqual([]);
    expect((await test.app.inject({ method: 'GET', url: '/api/personnel?per_page=121', headers: chief })).statusCode).toBe(422);
    expect((await test.app.inject({ method: 'GET', url: '/api/personnel', headers: admin })).statusCode).toBe(403);
  });
});
