import { type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { newDocument, wrap } from '../entities/pdf-render.ts';

/**
 * A report as a PDF table (spec 01 §2.6 'PDF Report'; docs/decisions/0027-reports.md): landscape
 * letter pages, the tenant's name and the report's title and filters above the first table, the
 * column headings repeated on every page, cells wrapped to their column, 'Page x of y' below.
 * pdf-lib and its standard fonts: no font files, nothing downloaded.
 */
export interface TablePdf {
  /** The tenant's display name: the header of every report. */
  tenantName: string;
  title: string;
  /** Lines under the title: when it was made, the filters, the sort. */
  details: string[];
  headings: string[];
  /** Rows of text cells, a batch at a time (records are read in batches). */
  rows: AsyncIterable<string[][]>;
}

const PAGE: [number, number] = [792, 612];
const MARGIN = 36;
const SIZE = 8;
const PAD = 3;
/** A cell shows at most this many lines; the rest is cut with an ellipsis (the xlsx has it all). */
const MAX_LINES = 6;
const GREY = rgb(0.35, 0.35, 0.35);
const RULE = rgb(0.8, 0.8, 0.8);

/** Column widths in points: each column's share follows its heading's and first rows' text, within bounds. */
export function columnWidths(font: PDFFont, headings: string[], sample: string[][], total: number): number[] {
  const wants = headings.map((heading, i) => {
    const longest = Math.max(
      font.widthOfTextAtSize(heading, SIZE),
      ...sample.map((row) => font.widthOfTextAtSize((row[i] ?? '').slice(0, 60), SIZE)),
    );
    return Math.min(Math.max(longest + 2 * PAD, 40), 220);
  });
  const sum = wants.reduce((a, b) => a + b, 0);
  return wants.map((w) => (w * total) / sum);
}

export async function renderTablePdf(table: TablePdf): Promise<Uint8Array> {
  const { doc, regular, bold } = await newDocument(table.title);
  const width = PAGE[0] - 2 * MARGIN;
  let page: PDFPage = doc.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const text = (line: string, font: PDFFont, size: number, color = rgb(0, 0, 0)) => {
    for (const part of wrap(font, size, line, width)) {
      y -= size;
      page.drawText(part, { x: MARGIN, y, size, font, color });
      y -= size * 0.4;
    }
  };
  text(table.tenantName, bold, 14);
  text(table.title, bold, 12);
  for (const line of table.details) text(line, regular, 9, GREY);
  y -= 6;

  let widths: number[] | null = null;
  const cellLines = (font: PDFFont, cells: string[]) =>
    cells.map((cell, i) => {
      const lines = wrap(font, SIZE, cell, widths![i]! - 2 * PAD);
      return lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES - 1), `${lines[MAX_LINES - 1]}…`] : lines;
    });
  const heightOf = (lines: string[][]) => Math.max(1, ...lines.map((l) => l.length)) * (SIZE + 2) + 2 * PAD;
  const drawRow = (lines: string[][], font: PDFFont, shaded: boolean) => {
    const height = heightOf(lines);
    if (shaded) page.drawRectangle({ x: MARGIN, y: y - height, width, height, color: rgb(0.92, 0.92, 0.92) });
    let x = MARGIN;
    lines.forEach((cell, i) => {
      cell.forEach((line, n) => {
        page.drawText(line, { x: x + PAD, y: y - PAD - SIZE - n * (SIZE + 2), size: SIZE, font });
      });
      x += widths![i]!;
    });
    y -= height;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.5, color: RULE });
  };
  const headingLines = () => cellLines(bold, table.headings);
  let count = 0;
  for await (const batch of table.rows) {
    if (!widths) {
      widths = columnWidths(regular, table.headings, batch.slice(0, 100), width);
      drawRow(headingLines(), bold, true);
    }
    for (const row of batch) {
      const lines = cellLines(regular, row);
      if (y - heightOf(lines) < MARGIN + 14) {
        page = doc.addPage(PAGE);
        y = PAGE[1] - MARGIN;
        drawRow(headingLines(), bold, true);
      }
      drawRow(lines, regular, false);
      count += 1;
    }
  }
  if (count === 0) {
    y -= 4;
    text('No records match this report.', regular, 10, GREY);
  }
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const label = `Page ${i + 1} of ${pages.length}`;
    p.drawText(label, {
      x: PAGE[0] - MARGIN - regular.widthOfTextAtSize(label, SIZE),
      y: MARGIN - 16,
      size: SIZE,
      font: regular,
      color: GREY,
    });
  });
  return doc.save();
}
