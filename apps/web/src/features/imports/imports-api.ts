import { importStarted } from '@turnout/shared';
import { api } from '../../api/index.ts';

/**
 * POST {base}/template/import with the file as form data (spec 01 §7): the server stores it and
 * starts its test run; the answer is the import id (the job, /jobs/{id}).
 */
export async function uploadCsv(typeName: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const time_zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const path = `/entity/${encodeURIComponent(typeName)}/template/import`;
  return (await api.postMultipart(path, form, { query: { time_zone }, schema: importStarted })).importId;
}

/** POST /run-final-import/{id}: a new import (a new id) that saves what the test run checked. */
export async function runFinalImport(id: string): Promise<string> {
  return (await api.post(`/run-final-import/${encodeURIComponent(id)}`, undefined, { schema: importStarted })).importId;
}
