import type { EntityTypeInput } from '@turnout/shared';
import type { Kysely } from 'kysely';
import { type AuthContext, dbContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { type FieldErrors, invalid } from '../../platform/http/errors.ts';
import { mayRead } from '../files/service.ts';

export const REPORT_FILE_MESSAGES = { notPdf: 'The background document must be an uploaded PDF.' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fileIdOf = (report: { backgroundDocument?: { value?: unknown } | null }) => {
  const value = report.backgroundDocument?.value;
  return value === undefined || value === null || value === '' ? null : value;
};

/**
 * A report definition's backgroundDocument.value (spec 03 §3) names a file uploaded through POST
 * /files: it must be a PDF of the acting tenant the saver may read (else 422 at
 * `reports.{n}.backgroundDocument`). A document the stored type already had is not checked
 * again, and imports with importArgs.skipTypeChecks keep theirs unchecked (the file lives in
 * the exporting tenant; re-upload it there).
 */
export async function checkReportDocuments(
  db: Kysely<DB>,
  auth: AuthContext,
  input: EntityTypeInput,
  unverifiedTypeId: string | null = null,
): Promise<void> {
  if (input.importArgs?.skipTypeChecks) return;
  const reports = input.reports ?? [];
  const wanted = reports.map((r, index) => ({ index, id: fileIdOf(r) })).filter((w) => w.id !== null);
  if (wanted.length === 0) return;
  const errors: FieldErrors = {};
  const known = new Set<string>();
  await withContext(db, dbContext(auth), async (tx) => {
    if (unverifiedTypeId && UUID.test(unverifiedTypeId)) {
      const stored = await tx.selectFrom('entity_type').select('reports').where('id', '=', unverifiedTypeId).executeTakeFirst();
      for (const r of (stored?.reports ?? []) as { backgroundDocument?: { value?: unknown } | null }[]) {
        const id = fileIdOf(r);
        if (typeof id === 'string') known.add(id);
      }
    }
    const ids = wanted.map((w) => w.id).filter((id): id is string => typeof id === 'string' && UUID.test(id) && !known.has(id));
    const rows =
      ids.length && auth.tenantId
        ? await tx
            .selectFrom('file')
            .select(['id', 'mime_type', 'created_by', 'is_restricted', 'visible_to'])
            .where('tenant_id', '=', auth.tenantId)
            .where('id', 'in', ids)
            .where('deleted_at', 'is', null)
            .execute()
        : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const { index, id } of wanted) {
      if (typeof id === 'string' && known.has(id)) continue;
      const row = typeof id === 'string' ? byId.get(id) : undefined;
      if (row?.mime_type !== 'application/pdf' || !mayRead(row, auth)) {
        errors[`reports.${index}.backgroundDocument`] = [REPORT_FILE_MESSAGES.notPdf];
      }
    }
  });
  if (Object.keys(errors).length) throw invalid(errors);
}
