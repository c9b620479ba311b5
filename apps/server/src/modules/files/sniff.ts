/**
 * What a file is, from its first bytes, and which names may carry it. The client's
 * Content-Type and the name alone are never trusted: a file is accepted only when its bytes
 * are one of the formats below AND its extension is on the allow-list for that format. The
 * stored mime type comes from here, never from the client.
 */

/** How many leading bytes the checks look at. */
export const SNIFF_BYTES = 4100;

export type Format =
  | 'jpeg'
  | 'png'
  | 'gif'
  | 'webp'
  | 'bmp'
  | 'tiff'
  | 'heic'
  | 'avif'
  | 'pdf'
  | 'ole'
  | 'ooxml'
  | 'odf'
  | 'mp4'
  | 'm4a'
  | 'quicktime'
  | 'mp3'
  | 'mpeg'
  | 'text';

/** The file types of a file field's `fileType` param (spec 02 §3 field params). */
export type FileKind = 'image' | 'document' | 'audiovideo';

const FORMAT_MIME: Record<Format, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  heic: 'image/heic',
  avif: 'image/avif',
  pdf: 'application/pdf',
  ole: 'application/octet-stream',
  ooxml: 'application/octet-stream',
  odf: 'application/octet-stream',
  mp4: 'video/mp4',
  m4a: 'audio/mp4',
  quicktime: 'video/quicktime',
  mp3: 'audio/mpeg',
  mpeg: 'video/mpeg',
  text: 'text/plain',
};

const IMAGES: Format[] = ['jpeg', 'png', 'gif', 'webp', 'bmp', 'tiff', 'heic', 'avif'];
const VIDEOS: Format[] = ['mp4', 'quicktime', 'mpeg'];

interface Allowed {
  kind: FileKind;
  /** Formats whose bytes this extension may carry. */
  formats: Format[];
  /** The stored type when the format alone does not say it (office files, text, audio mp4). */
  mime?: string;
}

const img: Allowed = { kind: 'image', formats: IMAGES };
const doc = (formats: Format[], mime: string): Allowed => ({ kind: 'document', formats, mime });

/** The extension allow-list: images, PDF, common office documents, mp4/quicktime/mpeg audio and video, CSV, text and XML (as text). */
export const ALLOWED_EXTENSIONS: Readonly<Record<string, Allowed>> = {
  jpg: img,
  jpeg: img,
  png: img,
  gif: img,
  webp: img,
  bmp: img,
  tif: img,
  tiff: img,
  heic: img,
  heif: img,
  avif: img,
  pdf: doc(['pdf'], 'application/pdf'),
  doc: doc(['ole'], 'application/msword'),
  xls: doc(['ole'], 'application/vnd.ms-excel'),
  ppt: doc(['ole'], 'application/vnd.ms-powerpoint'),
  docx: doc(['ooxml'], 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
  xlsx: doc(['ooxml'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  pptx: doc(['ooxml'], 'application/vnd.openxmlformats-officedocument.presentationml.presentation'),
  odt: doc(['odf'], 'application/vnd.oasis.opendocument.text'),
  ods: doc(['odf'], 'application/vnd.oasis.opendocument.spreadsheet'),
  odp: doc(['odf'], 'application/vnd.oasis.opendocument.presentation'),
  csv: doc(['text'], 'text/csv'),
  txt: doc(['text'], 'text/plain'),
  // An XML importer's file (modules/imports): kept and served as plain text, never rendered as markup.
  xml: doc(['text'], 'text/plain'),
  mp4: { kind: 'audiovideo', formats: ['mp4', 'm4a', 'quicktime'], mime: 'video/mp4' },
  m4v: { kind: 'audiovideo', formats: ['mp4', 'quicktime'], mime: 'video/mp4' },
  mov: { kind: 'audiovideo', formats: ['quicktime', 'mp4'], mime: 'video/quicktime' },
  qt: { kind: 'audiovideo', formats: ['quicktime', 'mp4'], mime: 'video/quicktime' },
  mpeg: { kind: 'audiovideo', formats: ['mpeg'], mime: 'video/mpeg' },
  mpg: { kind: 'audiovideo', formats: ['mpeg'], mime: 'video/mpeg' },
  mp3: { kind: 'audiovideo', formats: ['mp3'], mime: 'audio/mpeg' },
  m4a: { kind: 'audiovideo', formats: ['m4a', 'mp4'], mime: 'audio/mp4' },
};

/** Formats whose first bytes say what they are beyond doubt: a name without an extension is taken for these only. */
const SELF_EVIDENT: Format[] = [...IMAGES, 'pdf', 'mp4', 'm4a', 'quicktime'];

const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString('latin1');
const startsWith = (head: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);

/** The ISO base media file brand (mp4, mov, heic, avif…), or null. */
function isoBrand(head: Buffer): string | null {
  if (head.length < 12 || ascii(head, 4, 8) !== 'ftyp') return null;
  return ascii(head, 8, 12);
}

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'dash',
  'M4V ',
  'M4VH',
  'M4VP',
  'MSNV',
  'f4v ',
  'NDAS',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
]);
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'free', 'wide', 'skip', 'pnot']);

/** The entry name of the first local header of a zip archive. */
function firstZipEntry(head: Buffer): string | null {
  if (head.length < 30 || !startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return null;
  const nameLength = head.readUInt16LE(26);
  if (head.length < 30 + nameLength) return null;
  return ascii(head, 30, 30 + nameLength);
}

const OOXML_ENTRIES = /^(\[Content_Types\]\.xml|_rels\/|docProps\/|word\/|xl\/|ppt\/|customXml\/)/;

/** UTF-8 (optionally with a BOM) with no control characters beyond tab, line breaks, form feed and escape. */
function isText(head: Buffer): boolean {
  if (head.length === 0) return false;
  for (const byte of head) {
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) return false;
  }
  try {
    // stream: true leaves a character cut off at the end of the sample undecoded, not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * An MPEG audio frame header: 11 sync bits, a version and layer that are not 'reserved', a
 * usable bitrate and sample rate. FF FE and FF FF (a UTF-16 byte-order mark, padding) are not.
 */
function isMpegAudioFrame(head: Buffer): boolean {
  if (head.length < 4 || head[0] !== 0xff) return false;
  const b1 = head[1]!;
  const b2 = head[2]!;
  if ((b1 & 0xe0) !== 0xe0 || b1 === 0xfe || b1 === 0xff) return false;
  if ((b1 & 0x18) === 0x08 || (b1 & 0x06) === 0) return false;
  const bitrate = b2 >> 4;
  return bitrate !== 0 && bitrate !== 0x0f && ((b2 >> 2) & 0x03) !== 0x03;
}

/** The format of a file from its first bytes (up to SNIFF_BYTES of them), or null when it is none of the allowed ones. */
export function detectFormat(head: Buffer): Format | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (ascii(head, 0, 2) === 'BM' && head.length >= 26 && head.readUInt32LE(6) === 0 && head.readUInt32LE(14) >= 12) return 'bmp';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  const pdfAt = head.subarray(0, 1024).indexOf('%PDF-');
  if (pdfAt === 0) return 'pdf';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  const entry = firstZipEntry(head);
  if (entry !== null) {
    if (entry === 'mimetype') {
      // ODF stores its type, uncompressed, as the first entry.
      const content = 30 + entry.length + head.readUInt16LE(28);
      return ascii(head, content, content + 60).startsWith('application/vnd.oasis.opendocument.') ? 'odf' : null;
    }
    return OOXML_ENTRIES.test(entry) ? 'ooxml' : null;
  }
  const brand = isoBrand(head);
  if (brand !== null) {
    if (HEIC_BRANDS.has(brand)) return 'heic';
    if (AVIF_BRANDS.has(brand)) return 'avif';
    if (brand === 'qt  ') return 'quicktime';
    if (brand === 'M4A ' || brand === 'M4B ') return 'm4a';
    if (MP4_BRANDS.has(brand)) return 'mp4';
    return null;
  }
  // Text before the formats whose signature is short enough to begin a text by chance.
  if (isText(head)) return 'text';
  if (head.length >= 8 && head.readUInt32BE(0) >= 8 && QUICKTIME_ATOMS.has(ascii(head, 4, 8))) return 'quicktime';
  if (ascii(head, 0, 3) === 'ID3') return 'mp3';
  if (isMpegAudioFrame(head)) return 'mp3';
  if (startsWith(head, [0x00, 0x00, 0x01, 0xba]) || startsWith(head, [0x00, 0x00, 0x01, 0xb3])) return 'mpeg';
  // An MPEG transport stream: a sync byte every 188 bytes.
  if (head.length >= 377 && head[0] === 0x47 && head[188] === 0x47 && head[376] === 0x47) return 'mpeg';
  // A PDF may have a few bytes before its header (readers look within the first 1024).
  if (pdfAt > 0) return 'pdf';
  return null;
}

/** The extension of a file name, lower case, without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}

export interface Verdict {
  mime: string;
  kind: FileKind;
}

function kindOfFormat(format: Format): FileKind {
  if (IMAGES.includes(format)) return 'image';
  if (VIDEOS.includes(format) || format === 'mp3' || format === 'm4a') return 'audiovideo';
  return 'document';
}

/**
 * Whether a file named `name` whose bytes are `format` is allowed, and then its mime type and
 * kind. A name without an extension is accepted only for self-evident formats (a camera or
 * signature upload named 'blob'); a name with one must be on the allow-list for that format.
 */
export function verdictFor(name: string, format: Format | null): Verdict | null {
  if (format === null) return null;
  const extension = extensionOf(name);
  if (extension === '') {
    return SELF_EVIDENT.includes(format) ? { mime: FORMAT_MIME[format], kind: kindOfFormat(format) } : null;
  }
  const allowed = Object.hasOwn(ALLOWED_EXTENSIONS, extension) ? ALLOWED_EXTENSIONS[extension] : undefined;
  if (!allowed?.formats.includes(format)) return null;
  // Images keep the type of their bytes (a .jpg that is really a PNG is served as PNG).
  const mime = allowed.kind === 'image' ? FORMAT_MIME[format] : (allowed.mime ?? FORMAT_MIME[format]);
  return { mime, kind: allowed.kind };
}

/** Mime types shown in the browser rather than downloaded: images, PDF, audio and video. */
export function isInline(mime: string): boolean {
  return mime.startsWith('image/') || mime === 'application/pdf' || mime.startsWith('video/') || mime.startsWith('audio/');
}
