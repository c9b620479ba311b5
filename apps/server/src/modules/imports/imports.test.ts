import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeCrew, signedInAs } from '../../test/identity.ts';
import { multipartForm } from '../../test/multipart.ts';

const f = (property: string, title: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title, type, page: 1, ...extra },
});

interface Notes {
  importedItems: number;
  ignoredFields: string[];
  testRun: boolean;
  failedRows: { index: number; exception: string; errors: Record<string, string[]> }[];
  failedCount: number;
  tasksCompleted: number;
  finished: boolean;
  created: number;
  updated: number;
  unchanged: number;
  existing: number;
  params: { import_id: string; source_import_id: string | null; encoding?: string };
}
interface Job {
  id: string;
  status: string;
  error: string | null;
  notes: Notes;
}

describe(`[IMPORTS] CSV test runs and final imports on ${TEST_DB}`, () => {
  let test: TestApp;
  let tenant: { id: string };
  let chief: Record<string, string>;
  let firefighter: Record<string, string>;
  let colleague: Record<string, string>;
  let other: Record<string, string>;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });

  const upload = (typeName: string, headers: Record<string, string>, content: Buffer | string, filename = 'rows.csv') => {
    const form = multipartForm([
      { name: 'file', filename, content: Buffer.isBuffer(content) ? content : Buffer.from(content), type: 'text/csv' },
    ]);
    return test.app.inject({
      method: 'POST',
      url: `/api/entity/${typeName}/template/import?time_zone=America/Chicago`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  };
  const job = async (id: string, headers: Record<string, string>): Promise<Job> => {
    await test.app.jobs.drain();
    const res = await call('GET', `/api/long-running-job-notes/${id}`, headers);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  /** Uploads and waits for the test run. */
  const testRun = async (typeName: string, content: Buffer | string, headers = chief) => {
    const res = await upload(typeName, headers, content);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return job(res.json().importId, headers);
  };
  const finalImport = async (id: string, headers = chief) => {
    const res = await call('POST', `/api/run-final-import/${id}`, headers);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return job(res.json().importId, headers);
  };
  const records = async (typeName: string) => {
    const res = await call('GET', `/api/entity/${typeName}?per_page=100&sort=a_to_z&detailed=true`, chief);
    return res.json().data as Record<string, unknown>[];
  };
  const versions = async () =>
    Number(
      (
        await test.database.db.kysely
          .selectFrom('entity_version')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    test = await createTestApp();
    ({ alpha: tenant, chief, firefighter, colleague, other } = await makeCrew(test));
    const types = [
      {
        label: 'Hydrant Check',
        object_data: { formtitle: '{unit}' },
        fields: [
          f('unit', 'Unit', 'single-text', { sort_order: 1, validation: { required: true } }),
          f('result', 'Result', 'select-list', {
            sort_order: 2,
            params: {
              options: [
                { key: 'pass', label: 'Passed' },
                { key: 'fail', label: 'Failed' },
              ],
            },
          }),
          f('checked_on', 'Checked On', 'date-picker', { sort_order: 3 }),
          f('checked_at', 'Checked At', 'date-time-picker', { sort_order: 4 }),
          f('pressure', 'Pressure', 'number-entry', { sort_order: 5, validation: { digits: 3 } }),
          f('working', 'Working', 'yes-no', { sort_order: 6 }),
          f('notes', 'Notes', 'textarea', { sort_order: 7 }),
          f('chief_only', 'Chief Only', 'single-text', {
            sort_order: 8,
            permissions: { visible_to: ['ALL'], modifiable_by: ['Tenant Admin'] },
          }),
          f('flow', 'Flow', 'number-entry', { sort_order: 9, params: { approverRoles: ['Tenant Admin'] } }),
        ],
      },
    ];
    for (const payload of types) {
      const res = await call('POST', '/api/entity-type', chief, payload);
      if (res.statusCode !== 201) throw new Error(res.body);
    }
  });
  afterAll(() => test.close());

  it('test-runs three rows (one bad) writing nothing, then imports the two good ones as versioned saves', async () => {
    const before = await versions();
    const csv = [
      'id,display_name,Unit,Result,checked_on,Checked At,pressure,working,notes,junk',
      ',,Engine 1,Passed,11/20/2026,2026-11-20 14:30,250,yes,"Said ""ok"", then\nleft",x',
      ',,,Failed,2026-11-21,,120,no,,y',
      ',,Ladder 3,fail,2026-11-22,11/22/2026 2:05 PM,100,N,,z',
    ].join('\r\n');
    const run = await testRun('hydrant_check', csv);
    expect(run.status).toBe('complete');
    expect(run.error).toBeNull();
    expect(run.notes.failedRows).toEqual([
      { index: 3, exception: 'Unit is a required field.', errors: { unit: ['Unit is a required field.'] } },
    ]);
    expect(run.notes).toMatchObject({ testRun: true, finished: true, importedItems: 2, failedCount: 1, ignoredFields: ['junk'] });
    expect(run.notes.params.import_id).toBe(run.id);
    expect(run.notes.tasksCompleted).toBeGreaterThanOrEqual(1);
    expect(await records('hydrant_check')).toHaveLength(0);
    expect(await versions()).toBe(before);

    const final = await finalImport(run.id);
    expect(final.id).not.toBe(run.id);
    expect(final.notes).toMatchObject({ testRun: false, finished: true, importedItems: 2, created: 2, failedCount: 1 });
    expect(final.notes.params).toMatchObject({ import_id: final.id, source_import_id: run.id });
    const saved = await records('hydrant_check');
    expect(saved.map((r) => r.display_name)).toEqual(['Engine 1', 'Ladder 3']);
    expect(saved[0]).toMatchObject({
      result: 'pass',
      checked_on: { value: '2026-11-20' },
      checked_at: { value: '2026-11-20T20:30:00.000Z' },
      pressure: 250,
      working: true,
      notes: 'Said "ok", then\nleft',
    });
    expect(saved[1]).toMatchObject({ result: 'fail', checked_at: { value: '2026-11-22T20:05:00.000Z' }, working: false });
    expect(await versions()).toBe(before + 2);

    // The same final import again (from the test run or from the final import): nothing twice.
    const again = await finalImport(run.id);
    expect(again.notes).toMatchObject({ created: 0, existing: 2, importedItems: 2 });
    expect((await finalImport(final.id)).notes).toMatchObject({ created: 0, existing: 2 });
    // The file with its bad row fixed: only that row is new.
    const fixed = await testRun('hydrant_check', csv.replace('\r\n,,,Failed', '\r\n,,Engine 2,Failed'));
    expect(fixed.notes).toMatchObject({ importedItems: 3, failedCount: 0 });
    expect((await finalImport(fixed.id)).notes).toMatchObject({ created: 1, existing: 2 });
    expect(await records('hydrant_check')).toHaveLength(3);
    expect(await versions()).toBe(before + 3);
  });

  it('updates records by id, idempotently, with approvals, modifiable_by and every field check', async () => {
    const [engine] = await records('hydrant_check');
    const id = engine!.id as string;
    const before = await versions();
    const csv = [
      'id,unit,result,checked_on,pressure,chief_only,flow',
      `${id},Engine 1A,,,,,`,
      `00000000-0000-4000-8000-000000000000,Ghost,,,,,`,
      `,Bad 1,Maybe,31/31/2026,lots,,`,
      `,Bad 2,,,5000,,`,
      `,${'x'.repeat(300)},,,,,`,
    ].join('\n');
    const run = await testRun('hydrant_check', csv);
    const byRow = Object.fromEntries(run.notes.failedRows.map((r) => [r.index, r.exception]));
    expect(byRow).toEqual({
      3: 'No Hydrant Check record has this id.',
      4: 'Result has a choice that is not one of its options. Checked On must be a valid date. Pressure is not valid.',
      5: 'Pressure must be 3 digits.',
      6: 'Unit must be less than 255 characters long. (Currently 300)',
    });
    expect(run.notes.importedItems).toBe(1);
    const final = await finalImport(run.id);
    expect(final.notes).toMatchObject({ updated: 1, created: 0, failedCount: 4 });
    expect((await records('hydrant_check')).some((r) => r.display_name === 'Engine 1A')).toBe(true);
    expect(await versions()).toBe(before + 1);
    // Again: the values are as stored, so nothing is written.
    expect((await finalImport(run.id)).notes).toMatchObject({ updated: 0, unchanged: 1 });
    expect(await versions()).toBe(before + 1);

    // A firefighter: chief_only is not theirs to change (modifiable_by); flow waits for approval.
    const theirs = await testRun('hydrant_check', `unit,chief_only\nEngine 9,secret\n`, firefighter);
    expect(theirs.notes.failedRows[0]?.exception).toBe('You may not change: chief_only.');
    const approval = await testRun('hydrant_check', `id,flow\n${id},900\n`, firefighter);
    expect(approval.notes.importedItems).toBe(1);
    await finalImport(approval.id, firefighter);
    const show = await call('GET', `/api/entity/hydrant_check/${id}`, chief);
    expect(show.json().data.flow).toBeUndefined();
    expect(show.json().data.data_requiring_approval.flow).toMatchObject({ value: 900 });
  });

  it('reads semicolons, a BOM, Latin-1 and quoted separators', async () => {
    const latin1 = Buffer.from('Unit;Notes\r\n"Caf\xe9; 1";"a;b"\r\n', 'latin1');
    const run = await testRun('hydrant_check', latin1);
    expect(run.notes).toMatchObject({ importedItems: 1, failedCount: 0, ignoredFields: [] });
    expect(run.notes.params.encoding).toBe('windows-1252');
    await finalImport(run.id);
    expect((await records('hydrant_check')).some((r) => r.display_name === 'Café; 1' && r.notes === 'a;b')).toBe(true);
    const bom = await testRun('hydrant_check', '\uFEFFUnit,Notes\nBOM Engine,ok\n');
    expect(bom.notes).toMatchObject({ importedItems: 1, ignoredFields: [] });
  });

  it('reports junk columns, a 5 MB cell and a broken file clearly, never a 500', async () => {
    const junk = Array.from({ length: 100 }, (_, i) => `junk ${i} ${'?'.repeat(i)}`);
    const wide = await testRun('hydrant_check', `${['Unit', ...junk].join(',')}\nWide,${junk.map(() => 'x').join(',')}\n`);
    expect(wide.status).toBe('complete');
    expect(wide.notes.ignoredFields).toHaveLength(100);
    expect(wide.notes.importedItems).toBe(1);

    const big = await testRun('hydrant_check', `Unit,Notes\n"${'a'.repeat(5 * 1024 * 1024)}",x\nSmall,y\n`);
    expect(big.error).toBeNull();
    expect(big.notes).toMatchObject({ importedItems: 1, failedCount: 1 });
    expect(big.notes.failedRows[0]?.exception).toMatch(/^Unit must be less than 255 characters long/);

    const broken = await testRun('hydrant_check', 'Unit,Notes\nOne,"never closed\n');
    expect(broken.status).toBe('complete');
    expect(broken.error).toMatch(/^The file could not be read as CSV at row 2/);
    const refused = await call('POST', `/api/run-final-import/${broken.id}`, chief);
    expect(refused.statusCode).toBe(422);

    const binary = await upload('hydrant_check', chief, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]));
    expect(binary.statusCode).toBe(422);
    expect(binary.json().errors.file[0]).toMatch(/must be a CSV file/);
    const none = await upload('nope_type', chief, 'Unit\nx\n');
    expect(none.statusCode).toBe(404);
  });

  it('keeps jobs to the person who started them, in their tenant', async () => {
    const run = await testRun('hydrant_check', 'Unit\nPrivate\n');
    for (const stranger of [other, colleague]) {
      expect((await call('GET', `/api/long-running-job-notes/${run.id}`, stranger)).statusCode).toBe(404);
      expect((await call('POST', `/api/run-final-import/${run.id}`, stranger)).statusCode).toBe(404);
    }
    expect((await call('GET', '/api/long-running-job-notes/not-a-uuid', chief)).statusCode).toBe(404);
    expect((await upload('hydrant_check', other, 'Unit\nx\n')).statusCode).toBe(404);
    // A role with neither create nor update on the type may not upload.
    const boardMember = await signedInAs(test, 'Board Member', tenant.id);
    const denied = { hydrant_check: { create: false, update: false } };
    const set = await call('POST', '/api/permissions-v2', chief, { tenant: tenant.id, role: 'Board Member', permissions: denied });
    expect(set.statusCode).toBe(200);
    expect((await upload('hydrant_check', boardMember, 'Unit\nx\n')).statusCode).toBe(403);
  });
});
