import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUnitType, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';

/** Routes whose success changes the caller's own session: random bodies there would sign the test out. */
const SESSION_ROUTES = new Set(['/api/user/logout', '/api/user/select-tenant', '/api/user/sign-in-as']);
const RUNS = 12;

/** Any JSON, with any text: NUL characters and lone surrogates included, which PostgreSQL refuses. */
const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 20 }), fc.constantFrom('a\u0000b', '\ud800x', '', 'E1'));
const leaf = fc.oneof(text, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
const { anyJson } = fc.letrec<{ anyJson: unknown }>((tie) => ({
  anyJson: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    leaf,
    fc.array(tie('anyJson'), { maxLength: 4 }),
    fc.dictionary(text, tie('anyJson'), { maxKeys: 4 }),
  ),
}));
const NAMES = [
  'label',
  'name',
  'fields',
  'unit',
  'version',
  'email',
  'password',
  'tenant',
  'role',
  'ids',
  'data',
  'place',
  'assignee',
  'parent_entity_id',
  'due_at',
  'title',
  'content',
  'value',
];
const bodies = fc.oneof(
  { weight: 1, arbitrary: anyJson },
  { weight: 3, arbitrary: fc.dictionary(fc.constantFrom(...NAMES), fc.oneof(text, anyJson), { minKeys: 1, maxKeys: 6 }) },
);

/** Rows a refused request must leave as they were. */
const WATCHED = ['entity', 'entity_version', 'entity_type', 'file', 'personnel', 'app_user'] as const;

/**
 * Random JSON at every POST and PUT route of the OpenAPI document, as a department's chief:
 * never a 500, and a refused request writes nothing (issue 19, 'Done when').
 */
describe(`random bodies at every POST/PUT route on ${TEST_DB}`, () => {
  let test: TestApp;
  let chief: Record<string, string>;
  let routes: { method: 'POST' | 'PUT'; path: string }[];
  let typeId: string;
  let recordId: string;

  beforeAll(async () => {
    test = await createTestApp();
    const tenant = await makeTenant(test);
    chief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: tenant.id }])).email);
    typeId = await makeUnitType(test, chief, 'Probe');
    recordId = (await test.app.inject({ method: 'POST', url: '/api/entity/probe', headers: chief, payload: { unit: 'E1' } })).json().data
      .id;
    const doc = (await test.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      (['post', 'put'] as const)
        .filter((m) => ops[m] && !SESSION_ROUTES.has(path))
        .map((m) => ({ method: m.toUpperCase() as 'POST' | 'PUT', path })),
    );
  });
  afterAll(() => test.close());

  const counts = async () => {
    const db = test.database.db.kysely;
    const out: Record<string, number> = {};
    for (const table of WATCHED)
      out[table] = Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return out;
  };
  /** A path with its parameters filled: the probe type and record, else a fresh uuid. */
  const fill = (path: string) =>
    path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      if (/type/i.test(name)) return /id/i.test(name) ? typeId : 'probe';
      if (/^id$|entity/i.test(name)) return recordId;
      return '7d1e2c3b-0000-4000-8000-000000000000';
    });

  it('answers every route below 500 and writes nothing when it refuses', async () => {
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const route of routes) {
      const url = fill(route.path);
      await fc.assert(
        fc.asyncProperty(bodies, async (body) => {
          const before = await counts();
          const res = await test.app
            .inject({ method: route.method, url, headers: { ...chief, 'content-type': 'application/json' }, payload: JSON.stringify(body) })
            .catch((error: Error) => ({ statusCode: 599, body: error.message }));
          if (res.statusCode >= 500) failures.push(`${route.method} ${route.path} ${res.statusCode} ${JSON.stringify(body).slice(0, 120)}`);
          if (res.statusCode >= 400 && res.statusCode < 500) expect(await counts(), `${route.method} ${route.path}`).toEqual(before);
        }),
        { numRuns: RUNS, seed: 19 },
      );
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
