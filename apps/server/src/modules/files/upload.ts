import { Readable } from 'node:stream';
import { AppError, invalid } from '../../platform/http/errors.ts';
import { detectFormat, extensionOf, type Format, SNIFF_BYTES } from './sniff.ts';

export const FILE_MESSAGES = {
  tooLarge: 'The file is too large.',
  typeNotAllowed: 'The file type is not allowed.',
  notAvailable: 'File is not available.',
  required: 'The file field is required.',
  empty: 'The file is empty.',
  damaged: 'The file was damaged on the way: its md5 does not match.',
  oneFile: 'Send one file per request.',
  notMultipart: 'Send the file as multipart/form-data.',
} as const;

function megabytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** 413. The upload routes close an HTTP/1.x connection after it (closeIfBodyUnread), so the rest of a huge body is not read. */
export const fileTooLarge = (maxBytes: number) =>
  new AppError(413, 'file_too_large', FILE_MESSAGES.tooLarge, { file: [`The file may not be greater than ${megabytes(maxBytes)}.`] });

export const typeNotAllowed = () => invalid({ file: [FILE_MESSAGES.typeNotAllowed] }, FILE_MESSAGES.typeNotAllowed);

/**
 * Sits between the upload and the blob store: counts bytes and fails the stream as soon as
 * the limit is passed (so no file larger than the limit is ever stored), and holds back the
 * first bytes until their format is known, failing the stream when it is not an allowed one
 * (an executable is refused before anything is written). The stream it gives is lazy: no byte
 * is read from the upload, and no error raised, before the blob store starts reading it.
 */
export class UploadInspector {
  format: Format | null = null;
  size = 0;

  constructor(private readonly maxBytes: number) {}

  stream(source: AsyncIterable<Buffer>): Readable {
    return Readable.from(this.inspect(source), { objectMode: false });
  }

  private async *inspect(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    let head: Buffer[] = [];
    let headLength = 0;
    let decided = false;
    for await (const chunk of source) {
      this.size += chunk.length;
      if (this.size > this.maxBytes) throw fileTooLarge(this.maxBytes);
      if (decided) {
        yield chunk;
        continue;
      }
      head.push(chunk);
      headLength += chunk.length;
      if (headLength >= SNIFF_BYTES) {
        yield this.decide(head);
        head = [];
        decided = true;
      }
    }
    if (decided) return;
    if (headLength === 0) throw invalid({ file: [FILE_MESSAGES.empty] });
    yield this.decide(head);
  }

  private decide(head: Buffer[]): Buffer {
    const all = Buffer.concat(head);
    this.format = detectFormat(all.subarray(0, SNIFF_BYTES));
    if (this.format === null) throw typeNotAllowed();
    return all;
  }
}

/** The refusals of @fastify/multipart and busboy, as the API's own clear answers. */
export function multipartError(error: unknown, maxBytes: number): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge(maxBytes);
    case 'FST_FILES_LIMIT':
      return invalid({ file: [FILE_MESSAGES.oneFile] });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return invalid({ body: ['The upload has too many fields.'] });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'unsupported_media_type', FILE_MESSAGES.notMultipart);
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return invalid({ body: ['The upload has a field that is not allowed.'] });
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError(400, 'bad_request', 'The upload ended before it was complete.');
    default:
      break;
  }
  const message = error instanceof Error ? error.message : '';
  if (/multipart|boundary|Part terminated|Unexpected end/i.test(message)) {
    return new AppError(400, 'bad_request', 'The upload is not valid multipart/form-data.');
  }
  return error;
}

/** A name as people gave it, without folders, control characters or surrounding space. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = cleaned === '.' || cleaned === '..' || cleaned === '' ? 'file' : cleaned;
  if (name.length <= 255) return name;
  // Too long: shorten the stem, keep the extension (the type check reads it).
  const extension = extensionOf(name);
  return extension ? `${name.slice(0, 254 - extension.length)}.${extension}` : name.slice(0, 255);
}
