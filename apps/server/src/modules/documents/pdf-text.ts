import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { BlobStore } from '../../platform/blobs/store.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';

/** PDFs larger than this are searched by name only (their text would be read whole into memory). */
export const PDF_TEXT_MAX_BYTES = 25 * 1024 * 1024;
/** At most this many pages and characters of a PDF are indexed. */
const MAX_PAGES = 200;
const MAX_CHARS = 500_000;
/** Files indexed per round of the indexer. */
const BATCH = 10;

const everyone = { tenantId: null, userId: null, isGlobal: true } as const;

/**
 * The text of a PDF, page by page, through pdfjs-dist (the same library as the web app's viewer;
 * no rendering, no fonts, no eval). A PDF it cannot read has no text: ''.
 */
export async function extractPdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes a plain Uint8Array, not a Buffer: a view of the same bytes.
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const task = pdfjs.getDocument({ data, isEvalSupported: false, useSystemFonts: false, stopAtErrors: false, verbosity: 0 });
  try {
    const pdf = await task.promise;
    let text = '';
    for (let n = 1; n <= Math.min(pdf.numPages, MAX_PAGES) && text.length < MAX_CHARS; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      text += `${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}\n`;
      page.cleanup();
    }
    return text.slice(0, MAX_CHARS);
  } catch {
    return '';
  } finally {
    await task.destroy();
  }
}

async function readAll(blobs: BlobStore, key: string): Promise<Uint8Array | null> {
  const stream = await blobs.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * One round of the indexer: PDFs filed as documents (of any tenant) whose text was not read
 * yet get a file_text row with their words ('simple' configuration: words as written, any
 * language). Runs after a document is filed and as a recurring job for anything missed
 * (a restart, a record's files filed into its type's folder). Answers how many it indexed.
 */
export async function indexPdfText(deps: { db: Kysely<DB>; blobs: BlobStore; log: FastifyBaseLogger }): Promise<number> {
  const pending = await withContext(deps.db, everyone, (tx) =>
    tx
      .selectFrom('file as f')
      .select(['f.tenant_id', 'f.id', 'f.path'])
      .where('f.mime_type', '=', 'application/pdf')
      .where('f.deleted_at', 'is', null)
      .where('f.size_bytes', '<=', PDF_TEXT_MAX_BYTES)
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('document as d').select('d.id').whereRef('d.tenant_id', '=', 'f.tenant_id').whereRef('d.file_id', '=', 'f.id')),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('file_text as t').select('t.file_id').whereRef('t.tenant_id', '=', 'f.tenant_id').whereRef('t.file_id', '=', 'f.id'),
          ),
        ),
      )
      .orderBy('f.created_at')
      .limit(BATCH)
      .execute(),
  );
  for (const file of pending) {
    const bytes = await readAll(deps.blobs, file.path).catch((error: unknown) => {
      deps.log.warn({ err: error, fileId: file.id }, 'could not read a PDF to index its text');
      return null;
    });
    const text = bytes ? await extractPdfText(bytes) : '';
    await withContext(deps.db, everyone, (tx) =>
      tx
        .insertInto('file_text')
        .values({ tenant_id: file.tenant_id, file_id: file.id, text_content: sql<string>`to_tsvector('simple', ${text})` })
        .onConflict((oc) => oc.columns(['tenant_id', 'file_id']).doNothing())
        .execute(),
    ).catch((error: unknown) => deps.log.warn({ err: error, fileId: file.id }, 'could not store the text of a PDF'));
  }
  return pending.length;
}
