import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUnitType, storedRecordCount, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeCrew } from '../../test/identity.ts';
import { INPUT_MESSAGES, MAX_DEPTH } from './input-limits.ts';

const nested = (depth: number, leaf = '1') => `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;

/** NUL characters and deep nesting are refused with 422 before any route reads them (issue 19 #4). */
describe(`input limits on ${TEST_DB}`, () => {
  let test: TestApp;
  let chief: Record<string, string>;
  let typeId: string;

  beforeAll(async () => {
    test = await createTestApp();
    ({ chief } = await makeCrew(test));
    typeId = await makeUnitType(test, chief, 'Log');
  });
  afterAll(() => test.close());

  const records = () => storedRecordCount(test);
  const send = (method: 'POST' | 'PUT', url: string, body: string) =>
    test.app.inject({ method, url, headers: { ...chief, 'content-type': 'application/json' }, payload: body });

  it('refuses a NUL character in a value or a key of the body, keyed by the property', async () => {
    const before = await records();
    const res = await send('POST', '/api/entity/log', JSON.stringify({ unit: 'E1\u0000' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The given data was invalid.', errors: { unit: [INPUT_MESSAGES.nul] } });
    const key = await send('POST', '/api/entity/log', JSON.stringify({ unit: 'E1', more: { 'x\u0000': 1 } }));
    expect(key.statusCode).toBe(422);
    expect(key.json().errors).toEqual({ more: [INPUT_MESSAGES.nul] });
    expect(await records()).toBe(before);
  });

  it('refuses a NUL character in the query string and the path', async () => {
    const query = await test.app.inject({ method: 'GET', url: '/api/entity/log?filter[display_name]=a%00b', headers: chief });
    expect(query.statusCode, query.body).toBe(422);
    expect(Object.values(query.json().errors)).toEqual([[INPUT_MESSAGES.nul]]);
    const path = await test.app.inject({ method: 'GET', url: '/api/entity/lo%00g', headers: chief });
    expect(path.statusCode, path.body).toBe(422);
    expect(Object.values(path.json().errors)).toEqual([[INPUT_MESSAGES.nul]]);
  });

  it(`refuses values nested deeper than ${MAX_DEPTH} levels, even 100,000 deep, and accepts ${MAX_DEPTH}`, async () => {
    const before = await records();
    const deep = await send('POST', '/api/entity/log', `{"unit":"E1","notes":${nested(100_000)}}`);
    expect(deep.statusCode).toBe(422);
    expect(deep.json().errors).toEqual({ notes: [INPUT_MESSAGES.depth] });
    expect((await send('POST', '/api/entity/log', `{"unit":"E1","notes":${nested(MAX_DEPTH)}}`)).statusCode).toBe(422);
    expect(await records()).toBe(before);
    // MAX_DEPTH levels in all, the body's own object included, pass the limit (the route decides).
    expect((await send('POST', '/api/entity/log', `{"unit":"E1","notes":${nested(MAX_DEPTH - 2)}}`)).statusCode).not.toBe(500);
  });

  it('refuses a visibility rule nested 20,000 deep on PUT /entity-type/{id}', async () => {
    const rule = nested(20_000, 'true').replaceAll('"a"', '"!"');
    const body = `{"label":"Log","fields":[{"field_data":{"property":"unit","title":"Unit","type":"single-text","visibility":${rule}}}]}`;
    const res = await send('PUT', `/api/entity-type/${typeId}`, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ fields: [INPUT_MESSAGES.depth] });
  });
});
