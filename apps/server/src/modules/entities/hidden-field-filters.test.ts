import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeCrew } from '../../test/identity.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property, type, page: 1, ...extra },
});

/** A field hidden from a role can neither be filtered nor sorted by that role (issue 19 #3). */
describe(`[RECORDS] filters and sorts on hidden fields on ${TEST_DB}`, () => {
  let test: TestApp;
  let chief: Record<string, string>;
  let firefighter: Record<string, string>;

  beforeAll(async () => {
    test = await createTestApp();
    ({ chief, firefighter } = await makeCrew(test));
    const type = await test.app.inject({
      method: 'POST',
      url: '/api/entity-type',
      headers: chief,
      payload: {
        label: 'Complaint',
        object_data: { formtitle: '{unit} complaint' },
        fields: [
          f('unit', 'single-text'),
          f('secret', 'single-text', { permissions: { visible_to: ['Tenant Admin'] } }),
          f('filed', 'date-picker', { permissions: { visible_to: ['Tenant Admin'] } }),
        ],
      },
    });
    if (type.statusCode !== 201) throw new Error(type.body);
    for (const [unit, secret, filed] of [
      ['E1', 'alpha', '2026-01-05'],
      ['E2', 'bravo', '2026-03-05'],
    ]) {
      const res = await test.app.inject({
        method: 'POST',
        url: '/api/entity/complaint',
        headers: chief,
        payload: { unit, secret, filed: { value: filed } },
      });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
  });
  afterAll(() => test.close());

  const list = (query: string, headers: Record<string, string>) =>
    test.app.inject({ method: 'GET', url: `/api/entity/complaint?${query}`, headers });

  it('refuses a filter on a hidden field with 422, worded as for a field that does not exist', async () => {
    const hidden = await list('filter[custom][secret]=alpha', firefighter);
    const missing = await list('filter[custom][nothing]=alpha', firefighter);
    expect(hidden.statusCode).toBe(422);
    expect(hidden.json()).toEqual({ message: 'The given data was invalid.', errors: { 'filter[custom][secret]': ['Unknown field.'] } });
    expect(missing.json().errors['filter[custom][nothing]']).toEqual(['Unknown field.']);
    const date = await list('filter[custom][filed][from]=2026-02-01', firefighter);
    expect(date.statusCode).toBe(422);
    expect(date.json().errors).toEqual({ 'filter[custom][filed]': ['Unknown field.'] });
  });

  it('refuses a sort on a hidden field with 422, worded as for any unknown sort', async () => {
    for (const sort of ['secret', '-secret', 'filed']) {
      const res = await list(`sort=${sort}`, firefighter);
      expect(res.statusCode, sort).toBe(422);
      expect(res.json().errors, sort).toEqual({ sort: ['The sort must be default, a_to_z, z_to_a, a date column or a field property.'] });
    }
    expect((await list('sort=unit', firefighter)).statusCode).toBe(200);
  });

  it('refuses them in a CSV export too, and lets a role that sees the field use it', async () => {
    const csv = await test.app.inject({ method: 'GET', url: '/api/entity/complaint/csv?sort=-secret', headers: firefighter });
    expect(csv.statusCode).toBe(422);
    const filtered = await list('filter[custom][secret]=alpha', chief);
    expect(filtered.json().data.map((r: { unit: string }) => r.unit)).toEqual(['E1']);
    const sorted = await list('sort=-secret', chief);
    expect(sorted.json().data.map((r: { unit: string }) => r.unit)).toEqual(['E2', 'E1']);
    const dated = await list('filter[custom][filed][from]=2026-02-01', chief);
    expect(dated.json().data.map((r: { unit: string }) => r.unit)).toEqual(['E2']);
  });
});
