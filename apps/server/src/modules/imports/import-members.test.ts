import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, storedRecordCount, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';
import { multipartForm } from '../../test/multipart.ts';
import { REFERENCE_MESSAGES } from '../entities/references.ts';

interface Job {
  id: string;
  status: string;
  notes: {
    importedItems: number;
    created: number;
    updated: number;
    failedCount: number;
    failedRows: { index: number; exception: string; errors: Record<string, string[]> }[];
  };
}

/** A CSV cell, quoted. */
const cell = (text: string) => `"${text.replaceAll('"', '""')}"`;
const person = (id: string) => cell(JSON.stringify({ id }));

/**
 * Imports check the people a row names as a single save does (issue 19 #6): select-personnel
 * values (and assignees) of another department refuse their row, with the save's message, and
 * nothing of that row is written; the other rows are imported.
 */
describe(`[IMPORTS] people of another department in an import on ${TEST_DB}`, () => {
  let test: TestApp;
  let chief: Record<string, string>;
  let member: string;
  let stranger: string;

  beforeAll(async () => {
    test = await createTestApp();
    const alpha = await makeTenant(test, 'Alpha');
    const bravo = await makeTenant(test, 'Bravo');
    chief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: alpha.id }])).email);
    member = (await makeUser(test, [{ roleKey: 'Tenant User', tenantId: alpha.id }])).id;
    stranger = (await makeUser(test, [{ roleKey: 'Tenant User', tenantId: bravo.id }])).id;
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/entity-type',
      headers: chief,
      payload: {
        label: 'Chore',
        object_data: { formtitle: '{what}' },
        fields: [
          { field_data: { property: 'what', title: 'What', type: 'single-text' } },
          { field_data: { property: 'lead', title: 'Lead', type: 'select-personnel' } },
          { field_data: { property: 'crew', title: 'Crew', type: 'select-personnel', params: { multiple: true } } },
        ],
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  }, 180_000);
  afterAll(() => test.close());

  const job = async (id: string): Promise<Job> => {
    await test.app.jobs.drain();
    const res = await test.app.inject({ method: 'GET', url: `/api/long-running-job-notes/${id}`, headers: chief });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const testRun = async (csv: string) => {
    const form = multipartForm([{ name: 'file', filename: 'rows.csv', content: Buffer.from(csv), type: 'text/csv' }]);
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/entity/chore/template/import?time_zone=America/Chicago',
      headers: { ...chief, ...form.headers },
      payload: form.payload,
    });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return job(res.json().importId);
  };
  const finalImport = async (id: string) => {
    const res = await test.app.inject({ method: 'POST', url: `/api/run-final-import/${id}`, headers: chief });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return job(res.json().importId);
  };
  const leadOf = async (what: string) => {
    const row = await test.database.db.kysely
      .selectFrom('entity')
      .select(['data', 'version'])
      .where('display_name', '=', what)
      .executeTakeFirst();
    return row && { lead: (row.data as Record<string, unknown>).lead, version: row.version };
  };

  it('refuses, per row and with the save’s message, new rows naming a user of another department; imports the rest', async () => {
    const before = await storedRecordCount(test);
    const csv = [
      'id,what,lead,crew',
      `,Ours,${person(member)},${cell(JSON.stringify([{ id: member }]))}`,
      `,Their lead,${person(stranger)},`,
      `,Their crew,,${cell(JSON.stringify([{ id: member }, { id: stranger }]))}`,
    ].join('\n');
    const run = await testRun(csv);
    expect(run.status).toBe('complete');
    const lead = REFERENCE_MESSAGES.personnelNotMember('Lead');
    const crew = REFERENCE_MESSAGES.personnelNotMember('Crew');
    expect(lead).toBe('Lead must be a member of this department.');
    expect(run.notes.failedRows).toEqual([
      { index: 3, exception: lead, errors: { lead: [lead] } },
      { index: 4, exception: crew, errors: { crew: [crew] } },
    ]);
    expect(run.notes).toMatchObject({ importedItems: 1, failedCount: 2 });
    expect(await storedRecordCount(test)).toBe(before);

    const final = await finalImport(run.id);
    expect(final.notes.failedRows.map((r) => r.errors)).toEqual([{ lead: [lead] }, { crew: [crew] }]);
    expect(final.notes).toMatchObject({ created: 1, failedCount: 2 });
    expect(await storedRecordCount(test)).toBe(before + 1);
    expect(await leadOf('Ours')).toMatchObject({ lead: { id: member } });
    expect(await leadOf('Their lead')).toBeUndefined();
    expect(await leadOf('Their crew')).toBeUndefined();
  });

  it('refuses an update by id that names a user of another department, leaving the record as it was', async () => {
    const ours = await test.database.db.kysely
      .selectFrom('entity')
      .select('id')
      .where('display_name', '=', 'Ours')
      .executeTakeFirstOrThrow();
    const stored = await leadOf('Ours');
    const run = await testRun(['id,lead', `${ours.id},${person(stranger)}`].join('\n'));
    const message = REFERENCE_MESSAGES.personnelNotMember('Lead');
    expect(run.notes.failedRows).toEqual([{ index: 2, exception: message, errors: { lead: [message] } }]);
    const final = await finalImport(run.id);
    expect(final.notes).toMatchObject({ updated: 0, failedCount: 1 });
    expect(await leadOf('Ours')).toEqual(stored);
  });
});
