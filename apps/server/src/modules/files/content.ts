import type { BlobRange } from '../../platform/blobs/index.ts';
import { isInline } from './sniff.ts';

/**
 * One byte range from a Range header (RFC 9110 §14): 'bytes=a-b', 'bytes=a-' or 'bytes=-n'.
 * Anything else (several ranges, another unit, nonsense) is ignored and the whole file served,
 * as the RFC allows; a range that starts past the end is 'unsatisfiable' (416).
 */
export function parseRange(header: string | undefined, size: number): BlobRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/** Content-Disposition with an ASCII fallback name and the exact name in RFC 5987 form. */
export function contentDisposition(name: string, mime: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${isInline(mime) ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The Content-Type header: text is always UTF-8 (sniff.ts accepts no other text). */
export function contentType(mime: string): string {
  return mime.startsWith('text/') ? `${mime}; charset=utf-8` : mime;
}

/** Whether an If-None-Match header matches the entity tag. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);
}
