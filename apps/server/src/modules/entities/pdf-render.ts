import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * PDFs drawn with pdf-lib and the standard fonts (no font files): a printed record (title
 * block, one section per page, an appendix) and a report document (stamps over a background
 * PDF). Pure: bytes in, bytes out; print.ts gathers the record and stores the result.
 */

const LETTER: [number, number] = [612, 792];
const MARGIN = 54;
const INCH = 72;

/** Standard fonts encode WinAnsi only: other characters print as '?'. */
function encodable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ')) {
    if (ch === '\n') {
      out += ch;
      continue;
    }
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

/** Lines of at most `width` points; long words are cut. */
export function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of encodable(font, text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

export interface PrintedRecord {
  title: string;
  subtitle: string;
  details: [label: string, value: string][];
  pages: { label: string; fields: [label: string, text: string][] }[];
  appendix: string[] | null;
}

/** A new document of ours with its title and Helvetica, regular and bold. */
export async function newDocument(title: string): Promise<{ doc: PDFDocument; regular: PDFFont; bold: PDFFont }> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('Turnout');
  return { doc, regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
}

/** A printed record: letter pages, Helvetica, text flowing over as many sheets as it needs. */
export async function renderRecord(record: PrintedRecord): Promise<PDFDocument> {
  const { doc, regular, bold } = await newDocument(record.title);
  const width = LETTER[0] - 2 * MARGIN;
  let page: PDFPage = doc.addPage(LETTER);
  let y = LETTER[1] - MARGIN;
  const line = (text: string, font: PDFFont, size: number, indent = 0, color = rgb(0, 0, 0)) => {
    for (const part of wrap(font, size, text, width - indent)) {
      if (y - size < MARGIN) {
        page = doc.addPage(LETTER);
        y = LETTER[1] - MARGIN;
      }
      y -= size;
      page.drawText(part, { x: MARGIN + indent, y, size, font, color });
      y -= size * 0.35;
    }
  };
  const gap = (points: number) => {
    y -= points;
  };
  line(record.title, bold, 18);
  line(record.subtitle, regular, 11, 0, rgb(0.3, 0.3, 0.3));
  gap(4);
  for (const [label, value] of record.details) line(`${label}: ${value}`, regular, 9, 0, rgb(0.3, 0.3, 0.3));
  for (const section of record.pages) {
    gap(12);
    line(section.label, bold, 13);
    gap(2);
    if (section.fields.length === 0) line('(No fields on this page)', regular, 10, 0, rgb(0.4, 0.4, 0.4));
    for (const [label, text] of section.fields) line(`${label}: ${text}`, regular, 10);
  }
  if (record.appendix) {
    gap(12);
    line('Appendix', bold, 13);
    gap(2);
    if (record.appendix.length === 0) line('No files found.', regular, 10, 0, rgb(0.4, 0.4, 0.4));
    for (const name of record.appendix) line(`• ${name}`, regular, 10);
  }
  return doc;
}

export interface Stamp {
  x: number;
  y: number;
  width?: number | undefined;
  height?: number | undefined;
  page: number;
  text: string;
  image?: { bytes: Uint8Array; kind: 'png' | 'jpg' } | undefined;
  alignment: 'L' | 'C' | 'R' | 'J';
  font: string;
  fontColor?: string | undefined;
  fontSize: number;
}

const FONTS: Record<string, StandardFonts> = {
  Helvetica: StandardFonts.Helvetica,
  Times: StandardFonts.TimesRoman,
  // Californian FB is not a standard PDF font; Times is the nearest serif that needs no font file.
  'Californian FB': StandardFonts.TimesRoman,
};

function colour(hex: string | undefined) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? '');
  return m ? rgb(Number.parseInt(m[1]!, 16) / 255, Number.parseInt(m[2]!, 16) / 255, Number.parseInt(m[3]!, 16) / 255) : rgb(0, 0, 0);
}

/**
 * A report document (spec 03 §3 'Report definition', 'Stamp'): the background PDF (blank letter
 * pages without one) with each stamp drawn at x, y inches from the page's top-left corner,
 * wrapped to its width and aligned L, C, R (J is drawn as L); an image stamp fills width ×
 * height. Pages a stamp names beyond the background are added blank.
 */
export async function renderReport(background: Uint8Array | null, stamps: Stamp[], title: string): Promise<PDFDocument> {
  const doc = background ? await PDFDocument.load(background, { ignoreEncryption: true }) : await PDFDocument.create();
  doc.setTitle(title);
  const fonts = new Map<string, PDFFont>();
  const fontFor = async (name: string) => {
    const standard = FONTS[name] ?? StandardFonts.Helvetica;
    if (!fonts.has(standard)) fonts.set(standard, await doc.embedFont(standard));
    return fonts.get(standard)!;
  };
  for (const stamp of stamps) {
    while (doc.getPageCount() < stamp.page) doc.addPage(LETTER);
    const page = doc.getPage(stamp.page - 1);
    const { height: pageHeight } = page.getSize();
    const x = stamp.x * INCH;
    const top = pageHeight - stamp.y * INCH;
    const width = stamp.width ? stamp.width * INCH : page.getSize().width - x;
    if (stamp.image) {
      const image = stamp.image.kind === 'png' ? await doc.embedPng(stamp.image.bytes) : await doc.embedJpg(stamp.image.bytes);
      const height = stamp.height ? stamp.height * INCH : (image.height / image.width) * width;
      page.drawImage(image, { x, y: top - height, width, height });
      continue;
    }
    const font = await fontFor(stamp.font);
    let y = top;
    for (const part of wrap(font, stamp.fontSize, stamp.text, width)) {
      y -= stamp.fontSize;
      const w = font.widthOfTextAtSize(part, stamp.fontSize);
      const dx = stamp.alignment === 'C' ? (width - w) / 2 : stamp.alignment === 'R' ? width - w : 0;
      page.drawText(part, { x: x + dx, y, size: stamp.fontSize, font, color: colour(stamp.fontColor) });
      y -= stamp.fontSize * 0.2;
    }
  }
  return doc;
}

/** Appends all pages of `other` to `doc`. */
export async function appendDocument(doc: PDFDocument, other: PDFDocument): Promise<void> {
  const pages = await doc.copyPages(other, other.getPageIndices());
  for (const p of pages) doc.addPage(p);
}
