import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobStoreNotConfigured, createBlobStore, InvalidBlobKey, LocalBlobStore, parseFileStore } from './index.ts';

async function text(stream: Readable | null): Promise<string> {
  if (!stream) throw new Error('no stream');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Every file under a folder, temporary ones included. */
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

describe('[BLOBS] the local blob store', () => {
  let root: string;
  let store: LocalBlobStore;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'turnout-blobs-'));
    store = new LocalBlobStore(root);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes a stream under its key and reads it back whole or by range', async () => {
    const body = 'hello, station 42';
    const written = await store.put('tenant-a/2026/11/one', Readable.from([Buffer.from('hello, '), Buffer.from('station 42')]));
    expect(written).toEqual({ size: body.length, md5: createHash('md5').update(body).digest('hex') });
    expect(readFileSync(path.join(root, 'tenant-a/2026/11/one'), 'utf8')).toBe(body);
    expect(await text(await store.get('tenant-a/2026/11/one'))).toBe(body);
    expect(await text(await store.get('tenant-a/2026/11/one', { start: 7, end: 13 }))).toBe('station');
    expect(await store.exists('tenant-a/2026/11/one')).toBe(true);
  });

  it('answers null and false for a missing key, and deletes without complaint', async () => {
    expect(await store.get('tenant-a/2026/11/none')).toBeNull();
    expect(await store.exists('tenant-a/2026/11/none')).toBe(false);
    await store.delete('tenant-a/2026/11/none');
    await store.put('tenant-a/2026/11/two', Readable.from(['x']));
    await store.delete('tenant-a/2026/11/two');
    expect(await store.exists('tenant-a/2026/11/two')).toBe(false);
  });

  it('leaves nothing behind when the stream fails half way (temp file + rename)', async () => {
    const before = walk(root).length;
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(store.put('tenant-a/2026/11/broken', failing)).rejects.toThrow('connection lost');
    expect(await store.exists('tenant-a/2026/11/broken')).toBe(false);
    expect(walk(root).length).toBe(before);
  });

  it('leaves no temporary file when the stream fails before the file is even open', async () => {
    const before = walk(root).length;
    for (let i = 0; i < 50; i++) {
      const failing = new Readable({
        read() {
          this.destroy(new Error('refused at once'));
        },
      });
      await expect(store.put(`tenant-a/2026/11/early-${i}`, failing)).rejects.toThrow('refused at once');
    }
    expect(walk(root).length).toBe(before);
  });

  it('replaces a blob atomically: a reader sees the old or the new bytes, never a mix', async () => {
    await store.put('tenant-a/2026/11/three', Readable.from(['old']));
    await store.put('tenant-a/2026/11/three', Readable.from(['new']));
    expect(await text(await store.get('tenant-a/2026/11/three'))).toBe('new');
  });

  it('refuses every key that could leave the store', async () => {
    const bad = ['../escape', 'a/../../b', '/etc/passwd', 'a\\b', 'a/./b', '', 'a//b', '..', '.', 'a/b.txt', 'a/.tmp-x', 'a/b/', 'a\0b'];
    for (const key of bad) {
      await expect(store.put(key, Readable.from(['x'])), key).rejects.toBeInstanceOf(InvalidBlobKey);
      await expect(store.get(key), key).rejects.toBeInstanceOf(InvalidBlobKey);
      await expect(store.delete(key), key).rejects.toBeInstanceOf(InvalidBlobKey);
      await expect(store.exists(key), key).rejects.toBeInstanceOf(InvalidBlobKey);
    }
  });
});

describe('[BLOBS] FILE_STORE', () => {
  it('is the local disk under DATA_DIR/files by default', () => {
    expect(parseFileStore(undefined, '/srv/turnout')).toEqual({ kind: 'local', root: '/srv/turnout/files' });
    expect(parseFileStore('local', '/srv/turnout')).toEqual({ kind: 'local', root: '/srv/turnout/files' });
    expect(parseFileStore('file:///mnt/nas/turnout', '/srv/turnout')).toEqual({ kind: 'local', root: '/mnt/nas/turnout' });
    const store = createBlobStore({ dataDir: '/srv/turnout', fileStore: undefined });
    expect(store.kind).toBe('local');
    expect((store as LocalBlobStore).root).toBe('/srv/turnout/files');
  });

  it('reads S3 bucket URLs into an S3 store, and refuses one carrying credentials', () => {
    expect(parseFileStore('s3://turnout-files/prod', '/d')).toEqual({
      kind: 's3',
      url: 's3://turnout-files/prod',
      bucket: 'turnout-files',
      prefix: 'prod',
      endpoint: null,
    });
    expect(parseFileStore('https://s3.example.net/turnout-files/a/b', '/d')).toMatchObject({
      kind: 's3',
      bucket: 'turnout-files',
      prefix: 'a/b',
      endpoint: 'https://s3.example.net',
    });
    expect(createBlobStore({ dataDir: '/d', fileStore: 's3://turnout-files/prod' }).kind).toBe('s3');
    const start = () => createBlobStore({ dataDir: '/d', fileStore: 's3://key:secret@turnout-files/prod' });
    expect(start).toThrow(BlobStoreNotConfigured);
    expect(start).toThrow(/must not carry credentials/);
    // The error names the bucket, never credentials in the URL.
    expect(start).not.toThrow(/secret/);
  });

  it('refuses a value it does not understand', () => {
    expect(() => parseFileStore('ftp://x/y', '/d')).toThrow(/FILE_STORE must be/);
    expect(() => parseFileStore('not a url', '/d')).toThrow(/FILE_STORE must be/);
  });
});
