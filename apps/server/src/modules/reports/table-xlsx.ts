import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * A report as an .xlsx workbook (spec 01 §2.6 'Excel Report'; docs/decisions/0027-reports.md),
 * written with exceljs's streaming WorkbookWriter: each batch of rows is committed and leaves
 * memory as the zip is written, so a 50,000-row report needs no more memory than a small one.
 * Cells are typed — numbers as numbers, dates and times as dates with a date format — and
 * everything else is text (never a formula).
 */
export type CellKind = 'text' | 'number' | 'date' | 'datetime';
export type Cell = string | number | Date | null;

export interface XlsxColumn {
  heading: string;
  kind: CellKind;
}

/**
 * One style object per kind, set on each cell: exceljs remembers a style object it has seen, so
 * the same object costs a look-up, where a column's style copied into every cell was worked out
 * again per cell (half of exceljs's time on a 20,000-row report).
 */
const STYLES: Record<CellKind, Partial<ExcelJS.Style>> = {
  text: {},
  number: {},
  date: { numFmt: 'yyyy-mm-dd' },
  datetime: { numFmt: 'yyyy-mm-dd hh:mm' },
};

/** The workbook as a stream (for the blob store) and the promise of its writing (rejects on failure). */
export function writeTableXlsx(
  sheetName: string,
  columns: XlsxColumn[],
  rows: AsyncIterable<Cell[][]>,
): { body: Readable; written: Promise<number> } {
  const body = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useStyles: true, useSharedStrings: false });
  const written = (async () => {
    // Sheet names: at most 31 characters, none of : \ / ? * [ ].
    const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Report', {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = columns.map((c, i) => ({
      key: String(i),
      header: c.heading,
      width: Math.min(Math.max(c.heading.length + 2, c.kind === 'datetime' ? 17 : 12), 50),
    }));
    const styles = columns.map((c) => STYLES[c.kind]);
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    let count = 0;
    for await (const batch of rows) {
      for (const cells of batch) {
        const row = sheet.addRow(cells.map((cell) => cell ?? undefined));
        cells.forEach((cell, i) => {
          if (cell !== null) row.getCell(i + 1).style = styles[i]!;
        });
        row.commit();
        count += 1;
      }
    }
    sheet.commit();
    await workbook.commit();
    return count;
  })();
  written.catch((error: unknown) => body.destroy(error as Error));
  return { body, written };
}
