import type { Readable } from 'node:stream';

/**
 * Where file bytes live. The database keeps what a file is (name, size, md5, owner, links);
 * a blob store keeps only its bytes, under a key the files module chooses. Two kinds are
 * planned: the local disk under DATA_DIR (the default) and an S3-compatible bucket
 * (FILE_STORE=s3://…, see README.md beside this file).
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /**
   * Writes the stream's bytes under `key`, all or nothing: if the stream fails (for example a
   * size limit or a type check raises an error in it), nothing is left under the key.
   */
  put(key: string, body: Readable): Promise<BlobWritten>;
  /** The bytes under `key` (or the inclusive byte range), or null when there is none. */
  get(key: string, range?: BlobRange): Promise<Readable | null>;
  /** Removes the bytes under `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export interface BlobWritten {
  size: number;
  /** Hex MD5 of the bytes, as spec 01 §3 'File' reports it. */
  md5: string;
}

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface BlobRange {
  start: number;
  end: number;
}

/**
 * Keys are '/'-separated segments of letters, digits, '_' and '-' (no dots, so never '.' or
 * '..', no empty segment, no leading '/', no backslash): a key can only name a place inside the
 * store, whatever the caller passes.
 */
const KEY = /^[A-Za-z0-9_-]{1,100}(\/[A-Za-z0-9_-]{1,100}){0,7}$/;

export class InvalidBlobKey extends Error {
  constructor(key: string) {
    super(`Invalid blob key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidBlobKey';
  }
}

export function assertBlobKey(key: string): void {
  if (typeof key !== 'string' || key.length > 400 || !KEY.test(key)) throw new InvalidBlobKey(String(key));
}

/** FILE_STORE names a store this build cannot use; raised at start, so the server never half-runs. */
export class BlobStoreNotConfigured extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlobStoreNotConfigured';
  }
}
