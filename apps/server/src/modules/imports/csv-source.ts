import { type CsvError, type Parser, parse } from 'csv-parse';
import { invalid } from '../../platform/http/errors.ts';

/**
 * Reading an uploaded CSV as it streams (docs/decisions/0018-imports.md): bytes are decoded as
 * UTF-8, or as Latin-1 (Windows-1252) when they are not valid UTF-8; a byte-order mark is
 * dropped; the separator is the one of `,`, `;` or tab that the header line uses most;
 * quoted cells may hold separators, quotes and newlines; Windows line endings are read as
 * line endings. Only one row (at most MAX_ROW_CHARS) is held at a time.
 */
export type CsvEncoding = 'utf-8' | 'windows-1252';

export interface CsvRow {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  index: number;
  cells: string[];
}

/** The longest row read (characters); past it the file is refused with a clear message. */
export const MAX_ROW_CHARS = 8 * 1024 * 1024;

export const CSV_MESSAGES = {
  empty: 'The file has no header row.',
  rowTooLarge: (index: number) =>
    `Row ${index} is larger than ${MAX_ROW_CHARS / (1024 * 1024)} MB; the rows before it were read. Split the cell or the file and upload it again.`,
  notCsv: (index: number, reason: string) => `The file could not be read as CSV at row ${index}: ${reason}`,
} as const;

/** Thrown when the bytes are not UTF-8: read the file again as Windows-1252. */
export class NotUtf8 extends Error {}

async function* decode(bytes: AsyncIterable<Buffer | Uint8Array>, encoding: CsvEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8', ignoreBOM: false });
  try {
    for await (const chunk of bytes) {
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch (error) {
    if (error instanceof TypeError) throw new NotUtf8();
    throw error;
  }
}

/** The separator the header line uses most (outside quotes); a comma when it uses none. */
export function sniffDelimiter(head: string): string {
  const counts = new Map([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const c of head) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best = ',';
  for (const [c, n] of counts) if (n > counts.get(best)!) best = c;
  return best;
}

const HEAD_CHARS = 64 * 1024;

/** Resolves when the parser wants more text, or has been closed (the reader stopped early). */
function drained(parser: Parser): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      parser.off('drain', done);
      parser.off('close', done);
      resolve();
    };
    parser.on('drain', done);
    parser.on('close', done);
  });
}

/** The rows of the file, header first. Errors are AppErrors whose message says what and where. */
export async function* csvRows(bytes: AsyncIterable<Buffer | Uint8Array>, encoding: CsvEncoding): AsyncGenerator<CsvRow> {
  const text = decode(bytes, encoding);
  // Enough of the start to see the whole header line before choosing the separator.
  let head = '';
  let first = await text.next();
  while (!first.done) {
    head += first.value;
    if (head.length >= HEAD_CHARS || /[\r\n]/.test(head)) break;
    first = await text.next();
  }
  const parser = parse({
    bom: true,
    delimiter: sniffDelimiter(head.replace(/^\uFEFF/, '')),
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_ROW_CHARS,
  });
  const feed = (async () => {
    try {
      if (head) parser.write(head);
      if (!first.done) {
        for await (const chunk of text) {
          if (parser.destroyed) return;
          if (!parser.write(chunk)) await drained(parser);
        }
      }
      parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  let index = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      index += 1;
      yield { index, cells: record };
    }
  } catch (error) {
    if (error instanceof NotUtf8) throw error;
    const code = (error as CsvError).code;
    if (code === 'CSV_MAX_RECORD_SIZE') throw invalid({ file: [CSV_MESSAGES.rowTooLarge(index + 1)] }, CSV_MESSAGES.rowTooLarge(index + 1));
    if (typeof code === 'string' && code.startsWith('CSV_')) {
      const reason = CSV_MESSAGES.notCsv(index + 1, (error as Error).message.replace(/^Invalid [^:]*: /, ''));
      throw invalid({ file: [reason] }, reason);
    }
    throw error;
  } finally {
    parser.destroy();
    await feed;
  }
  if (index === 0) throw invalid({ file: [CSV_MESSAGES.empty] }, CSV_MESSAGES.empty);
}
