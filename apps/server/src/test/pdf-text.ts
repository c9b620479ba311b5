import { inflateSync } from 'node:zlib';

/**
 * The text drawn in a PDF made by pdf-lib (tests only): inflates each content stream and decodes
 * the hex strings of its Tj operators, one entry per drawn line.
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n/g;
  let match: RegExpExecArray | null = streams.exec(raw);
  while (match) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let content = raw.slice(start, end);
    try {
      content = inflateSync(Buffer.from(content, 'latin1')).toString('latin1');
    } catch {
      // not compressed, or not a content stream
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) lines.push(Buffer.from(hex[1] ?? '', 'hex').toString('latin1'));
    streams.lastIndex = end + 'endstream'.length;
    match = streams.exec(raw);
  }
  return lines;
}
