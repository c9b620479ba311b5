import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalBlobStore } from './local.ts';
import { S3BlobStore } from './s3.ts';
import { type BlobStore, BlobStoreNotConfigured } from './store.ts';

export { LocalBlobStore } from './local.ts';
export { S3BlobStore } from './s3.ts';
export { assertBlobKey, type BlobRange, type BlobStore, BlobStoreNotConfigured, type BlobWritten, InvalidBlobKey } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files' bytes are kept (FILE_STORE). */
    blobs: BlobStore;
  }
}

export type FileStoreSetting =
  | { kind: 'local'; root: string }
  | { kind: 's3'; url: string; bucket: string; prefix: string; endpoint: string | null };

/**
 * Reads FILE_STORE: unset, '' or 'local' → DATA_DIR/files; a file:// URL → that folder (a
 * mounted volume); s3://bucket/prefix or http(s)://host/bucket/prefix → an S3-compatible bucket.
 */
export function parseFileStore(value: string | undefined, dataDir: string): FileStoreSetting {
  const raw = (value ?? '').trim();
  if (raw === '' || raw === 'local') return { kind: 'local', root: path.join(dataDir, 'files') };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`FILE_STORE must be unset, 'local', a file:// URL or an S3 bucket URL (s3://bucket/prefix), got '${raw}'`);
  }
  if (url.protocol === 'file:') return { kind: 'local', root: fileURLToPath(url) };
  if (url.protocol === 's3:') {
    return { kind: 's3', url: raw, bucket: url.hostname, prefix: url.pathname.replace(/^\/+|\/+$/g, ''), endpoint: null };
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    const [bucket = '', ...rest] = url.pathname.replace(/^\/+|\/+$/g, '').split('/');
    return { kind: 's3', url: raw, bucket, prefix: rest.join('/'), endpoint: url.origin };
  }
  throw new Error(`FILE_STORE must be unset, 'local', a file:// URL or an S3 bucket URL (s3://bucket/prefix), got '${raw}'`);
}

/**
 * The blob store FILE_STORE names, made once at start: the local disk, or an S3-compatible
 * bucket (credentials from the AWS environment variables). A bucket URL carrying credentials
 * or naming no bucket is refused at start, and the error never repeats the URL's secret.
 */
export function createBlobStore(config: { dataDir: string; fileStore: string | undefined }): BlobStore {
  const setting = parseFileStore(config.fileStore, config.dataDir);
  if (setting.kind === 'local') return new LocalBlobStore(setting.root);
  const url = new URL(setting.url);
  if (url.username || url.password) {
    throw new BlobStoreNotConfigured(
      `FILE_STORE must not carry credentials (bucket '${setting.bucket}'): set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead.`,
    );
  }
  if (!setting.bucket)
    throw new BlobStoreNotConfigured('FILE_STORE names no bucket: use s3://bucket/prefix or https://host/bucket/prefix.');
  return new S3BlobStore({ bucket: setting.bucket, prefix: setting.prefix, endpoint: setting.endpoint });
}
