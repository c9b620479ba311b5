import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, type BlobRange, type BlobStore, type BlobWritten } from './store.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Blobs as files under one folder (DATA_DIR/files by default): `<root>/<key>`. A write goes to
 * a temporary file beside its destination (a name starting with '.', which no key can have),
 * is flushed to disk, then renamed into place, so a reader sees the whole file or none, and a
 * failed or interrupted write leaves at most a temporary file, never a partial blob.
 */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file of a key; refuses any key that could name a place outside the root. */
  pathOf(key: string): string {
    assertBlobKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    if (!full.startsWith(this.root + path.sep)) throw new Error('Blob key escapes the store');
    return full;
  }

  async put(key: string, body: Readable): Promise<BlobWritten> {
    const target = this.pathOf(key);
    const dir = path.dirname(target);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const temp = path.join(dir, `.tmp-${randomBytes(8).toString('hex')}`);
    const md5 = createHash('md5');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        md5.update(chunk);
        callback(null, chunk);
      },
    });
    // flush: the bytes are on disk (fsync) before the stream closes and the rename happens.
    const out = createWriteStream(temp, { flags: 'wx', mode: 0o600, flush: true });
    try {
      await pipeline(body, measure, out);
      await rename(temp, target);
    } catch (error) {
      // The file is opened asynchronously: wait until the stream has closed (so an open still
      // under way has created the file) before removing it, or a temporary file would remain.
      if (!out.closed) await once(out, 'close').catch(() => {});
      await unlink(temp).catch(() => {});
      // The caller's stream may still hold data; stop it so nothing keeps reading.
      if (!body.destroyed) body.destroy();
      throw error;
    }
    await syncDirectory(dir);
    return { size, md5: md5.digest('hex') };
  }

  async get(key: string, range?: BlobRange): Promise<Readable | null> {
    let handle: FileHandle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
}

/** Makes the rename itself durable; some platforms cannot open a folder, which is fine. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // best effort
  } finally {
    await handle?.close().catch(() => {});
  }
}
