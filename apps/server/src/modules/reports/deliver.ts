import { calendarDateIn, formatTimestamp } from '@turnout/shared';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/context.ts';
import type { BlobStore } from '../../platform/blobs/index.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { type StoredFile, storeGeneratedFile, storeGeneratedStream } from '../files/generated.ts';
import { renderTablePdf, type TablePdf } from './table-pdf.ts';
import { type Cell, writeTableXlsx, type XlsxColumn } from './table-xlsx.ts';

/**
 * What every report job does with its table (docs/decisions/0027-reports.md): writes it as a PDF
 * or an .xlsx, stores it as a file only the requester may download, and mails them its link.
 */
export const REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface ReportDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  mailer: Mailer | undefined;
  publicUrl: string;
}

const FORMAT_NAMES: Record<ReportFormat, string> = { pdf: 'PDF report', xlsx: 'Excel report' };
const MIME: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ReportDelivery {
  format: ReportFormat;
  /** The tenant of the records and their type (the file follows the type's view permission there). */
  tenantId: string;
  typeId: string;
  typeLabel: string;
  /** The file's name after the type's label: 'report', 'timesheet report'. */
  name: string;
  timeZone: string;
  count: number;
  xlsx(): { columns: XlsxColumn[]; rows: AsyncIterable<Cell[][]> };
  /** The PDF's table; 'Prepared {when} by {who}' goes first among its details. */
  pdf(): TablePdf;
}

export const tenantNameOf = async (db: Kysely<DB>, tenantId: string) =>
  (await db.selectFrom('tenant').select('display_name').where('id', '=', tenantId).executeTakeFirst())?.display_name ?? '';

export async function deliverReport(deps: ReportDeps, auth: AuthContext, report: ReportDelivery): Promise<StoredFile> {
  const { format, timeZone } = report;
  // The file lives where the requester acts (a global admin reporting on another tenant keeps it in their own).
  const tenantId = auth.tenantId ?? report.tenantId;
  const file = {
    tenantId,
    name: `${report.typeLabel} ${report.name} ${calendarDateIn(new Date(), timeZone)}.${format}`,
    mimeType: MIME[format],
    owner: auth.userId,
    entityId: null,
    entityTypeId: tenantId === report.tenantId ? report.typeId : null,
    restricted: true,
  };
  let stored: StoredFile;
  if (format === 'xlsx') {
    const { columns, rows } = report.xlsx();
    const { body, written } = writeTableXlsx(report.typeLabel, columns, rows);
    [stored] = await Promise.all([storeGeneratedStream(deps, { ...file, body }), written]);
  } else {
    const table = report.pdf();
    const prepared = `Prepared ${formatTimestamp(new Date().toISOString(), { timeZone })} by ${auth.displayName}`;
    stored = await storeGeneratedFile(deps, { ...file, bytes: await renderTablePdf({ ...table, details: [prepared, ...table.details] }) });
  }
  if (deps.mailer) {
    const what = `${report.typeLabel} ${FORMAT_NAMES[format]}`;
    await deps.mailer.send({
      to: auth.email,
      subject: `Your ${what} is ready`,
      text: `Your ${what} (${report.count} records) is ready. Sign in to download it: ${deps.publicUrl}${stored.url}`,
    });
  }
  return stored;
}
